import type { ReactNode } from 'react';
import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Calendar, ChevronDown, Clock, ImagePlus, MapPin, Paperclip, Star, Upload } from 'lucide-react';
import type { ModelField } from '@/contracts/online-dev-model';

/**
 * How a value control looks on the design canvas: a still picture of it (an input box with its
 * placeholder, a select with its arrow, its options, the upload button …). Not interactive — the
 * canvas is for arranging; 预览 shows the real form.
 */

function Box1({ children, icon, tall }: { children?: ReactNode; icon?: ReactNode; tall?: boolean }) {
  return (
    <Flex align={tall ? 'flex-start' : 'center'} justify="space-between" h={tall ? '16' : '8'} px="2" py={tall ? '1.5' : '0'} borderWidth="1px" rounded="l2" bg="bg" color="fg.subtle" fontSize="sm" gap="2" minW="0">
      <Text truncate>{children}</Text>
      {icon}
    </Flex>
  );
}

const optionsOf = (f: ModelField) => (f.options?.kind === 'static' ? f.options.items.map((o) => o.label) : null);

export function ControlMock({ field }: { field: ModelField }) {
  const { t } = useLingui();
  const ph = field.placeholder;
  const options = optionsOf(field);
  const sourceNote = field.options?.kind === 'dictionary' ? t`数据字典：${field.options.dictionary}` : field.options?.kind === 'interface' ? t`数据接口` : null;
  switch (field.type) {
    case 'comInput':
    case 'billRule':
      return <Box1>{field.type === 'billRule' ? t`保存时自动生成编号` : (ph ?? t`请输入`)}</Box1>;
    case 'textarea':
    case 'editor':
      return <Box1 tall>{ph ?? (field.type === 'editor' ? t`富文本编辑器` : t`请输入`)}</Box1>;
    case 'numInput':
    case 'calculate':
      return <Box1>{field.type === 'calculate' ? `= ${field.expression || t`（未设置公式）`}` : (ph ?? t`请输入数字`)}</Box1>;
    case 'radio':
    case 'checkbox':
      return (
        <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted" minH="8">
          {(options ?? [sourceNote ?? '']).map((o, i) => (
            <HStack key={i} gap="1">
              <Box boxSize="3.5" borderWidth="1px" rounded={field.type === 'radio' ? 'full' : 'sm'} />
              <Text>{o}</Text>
            </HStack>
          ))}
        </HStack>
      );
    case 'select':
    case 'cascader':
    case 'treeSelect':
    case 'comSelect':
    case 'depSelect':
    case 'posSelect':
    case 'userSelect':
    case 'relationForm':
      return <Box1 icon={<ChevronDown size={14} />}>{ph ?? sourceNote ?? t`请选择`}</Box1>;
    case 'date':
      return <Box1 icon={<Calendar size={14} />}>{ph ?? field.format ?? t`请选择日期`}</Box1>;
    case 'time':
      return <Box1 icon={<Clock size={14} />}>{ph ?? field.format ?? t`请选择时间`}</Box1>;
    case 'address':
      return <Box1 icon={<MapPin size={14} />}>{ph ?? t`请选择省市区`}</Box1>;
    case 'switch':
      return <Box w="9" h="5" rounded="full" bg={field.defaultValue === true ? 'brand.solid' : 'bg.emphasized'} />;
    case 'colorPicker':
      return <Box boxSize="8" rounded="l2" borderWidth="1px" bg="linear-gradient(135deg, #1677ff, #52c41a)" />;
    case 'rate':
      return (
        <HStack gap="0.5" color="fg.subtle">
          {Array.from({ length: Math.min(field.max ?? 5, 10) }, (_, i) => (
            <Star key={i} size={16} />
          ))}
        </HStack>
      );
    case 'slider':
      return (
        <Box h="8" display="flex" alignItems="center">
          <Box h="1" w="full" bg="bg.emphasized" rounded="full" position="relative">
            <Box position="absolute" left="30%" top="-1.5" boxSize="4" rounded="full" bg="brand.solid" />
          </Box>
        </Box>
      );
    case 'uploadFz':
    case 'uploadImg': {
      const image = field.type === 'uploadImg';
      return (
        <HStack gap="2" fontSize="sm" color="fg.muted">
          <Flex boxSize={image ? '14' : 'auto'} px={image ? '0' : '3'} h={image ? '14' : '8'} align="center" justify="center" gap="1" borderWidth="1px" borderStyle="dashed" rounded="l2">
            {image ? <ImagePlus size={18} /> : field.upload?.kind === 'video' ? <Upload size={14} /> : <Paperclip size={14} />}
            {image ? null : field.upload?.kind === 'video' ? <Trans>上传视频</Trans> : <Trans>上传文件</Trans>}
          </Flex>
        </HStack>
      );
    }
    default:
      return <Box1>{t`系统自动生成`}</Box1>;
  }
}
