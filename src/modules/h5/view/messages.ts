/**
 * What the published page says, in Chinese (a published page speaks zh-CN: the runtime carries no
 * Lingui and no catalog; the element renderers' own texts are their Lingui source texts).
 */
export const runtimeMessages = {
  loading: '加载中',
  loadFailed: '页面加载失败，请检查网络后重试',
  retry: '重试',
  submitted: '提交成功',
  savedOffline: '已保存，联网后自动提交',
  /** The waiting list is full (20 submissions) and sending failed. */
  notSaved: '提交失败，请检查网络后重试',
  close: '关闭',
  dialog: '弹窗',
  pageNav: '页面导航',
  page: (n: number) => `第${n}页`,
} as const;
