import { useLingui } from '@lingui/react/macro';
import type { DataError } from '../../datasource/kinds';
import type { DatasourceOpError } from '../../datasource/ops';

type AnyError = DataError | DatasourceOpError['error'];

const kb = (bytes: number) => Math.round(bytes / 1024);

/** The words of the datasources' errors (kinds.ts, ops.ts), in the editor's language. */
export function useDataErrorText(): (error: AnyError) => string {
  const { t } = useLingui();
  return (e) => {
    switch (e.code) {
      case 'json-empty':
        return t`请填写JSON数据`;
      case 'json-invalid':
        return t`JSON格式不正确：${e.detail}`;
      case 'json-too-large': {
        const max = kb(e.max);
        return t`JSON数据不能超过${max}KB`;
      }
      case 'csv-too-large': {
        const max = kb(e.max);
        return t`CSV文件不能超过${max}KB`;
      }
      case 'csv-too-many-rows':
        return t`CSV不能超过${e.max}行`;
      case 'csv-no-header':
        return t`CSV文件缺少表头行`;
      case 'csv-invalid':
        return t`CSV格式不正确：${e.detail}`;
      case 'url-invalid':
        return t`请填写以 http:// 或 https:// 开头的接口地址`;
      case 'http-failed':
        return t`接口请求失败（HTTP ${e.status}）`;
      case 'network':
        return t`接口请求失败：${e.detail}。编辑器中由浏览器直接请求接口，接口需允许跨域（CORS）`;
      case 'not-json':
        return t`接口返回的内容无法识别：${e.detail}`;
      case 'pipe':
        return t`处理表达式出错：${e.detail}`;
      case 'pipe-timeout': {
        const seconds = e.ms / 1000;
        return t`处理表达式运行超过${seconds}秒，已停止`;
      }
      case 'name-empty':
        return t`请填写数据源名称`;
      case 'name-invalid':
        return t`名称不能包含点、方括号、花括号或空格`;
      case 'name-taken':
        return t`已有同名的数据源`;
      case 'interval':
        return t`定时更新的间隔为${e.min}到${e.max}秒的整数`;
      case 'too-many':
        return t`一个作品最多${e.max}个数据源`;
      case 'not-found':
        return t`数据源不存在`;
    }
  };
}

/** The kinds' names (spec 3: static, http api, csv). */
export function useKindNames(): Record<'STATIC' | 'HTTP_API' | 'CSV', string> {
  const { t } = useLingui();
  return { STATIC: t`静态数据`, HTTP_API: t`HTTP接口`, CSV: t`CSV文件` };
}
