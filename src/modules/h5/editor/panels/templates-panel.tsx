import { useNavigate } from '@tanstack/react-router';
import { TemplateCenter } from '../../components/template-center';

/** The editor's 模板 tab: the template centre in one column; 使用模板 opens the new work (this one is saved on leaving). */
export function TemplatesPanel() {
  const navigate = useNavigate();
  return <TemplateCenter compact onOpenWork={(workId) => void navigate({ to: '/h5/editor/$workId', params: { workId } } as never)} />;
}
