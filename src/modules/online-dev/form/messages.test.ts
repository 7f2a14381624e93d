import { describe, expect, it } from 'vitest';
import { onlineUploadMessages } from '@/contracts/online-dev';
import { FIELD_RULES } from '@/contracts/online-dev-model';
import { recordMessages } from '@/contracts/online-dev-record';
import { isFormMessage, translateIssue } from './messages';

describe('the form messages', () => {
  it('list every template of the record checks, the field rules and the upload rules', () => {
    const templates = [...Object.values(recordMessages), ...Object.values(FIELD_RULES).map((r) => r.message), ...Object.values(onlineUploadMessages)];
    expect(templates.filter((m) => !isFormMessage(m))).toEqual([]);
  });

  it('fill the template with the field’s label and values, in Chinese', () => {
    expect(translateIssue(recordMessages.required, { label: '门店' })).toBe('门店不能为空');
    expect(translateIssue(recordMessages.tooLong, { label: '备注', max: 20 })).toBe('备注长度不能超过20个字符');
    expect(translateIssue(recordMessages.decimals, { label: '单价', precision: 2 })).toBe('单价最多2位小数');
    expect(translateIssue(FIELD_RULES.phone.message, { label: '电话' })).toBe('请正确输入您的手机号');
  });

  it('give the spec’s English ids their Chinese words', () => {
    expect(translateIssue('not empty')).toBe('不能为空');
    expect(translateIssue(onlineUploadMessages.fileSize, { size: 2, unit: 'MB' })).toBe('文件大小超过2MB');
    expect(translateIssue(onlineUploadMessages.imageCount, { limit: 10 })).toBe('最多只能上传10张图片');
  });

  it('fill an unknown (server) text as it is', () => {
    expect(translateIssue('{label}已被占用', { label: '单号' })).toBe('单号已被占用');
    expect(translateIssue('门店已停用')).toBe('门店已停用');
  });
});
