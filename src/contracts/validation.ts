/**
 * Reusable validation rules of spec 5.1, with their messages word for word. The messages are the
 * Chinese source texts; the client translates them through Lingui, the server through its catalog.
 */
export interface Rule {
  pattern: RegExp;
  message: string;
}

/**
 * What a name (company, department, position, dictionary item, area, role, a person's name) may not
 * hold — spec 5.1 名称不能含有特殊符号: ASCII and full-width symbols, quotes, brackets other than
 * parentheses, sentence punctuation (，。；：？！…), and control characters (tab, line breaks,
 * NUL). Everything else is fine, which lets staff write names as they do on paper: letters, digits,
 * Chinese (rare characters included), spaces inside, parentheses （） and (), the middle dot · ・
 * (研发·测试部, 阿卜杜拉·买买提), the enumeration comma 、 and hyphens and dashes - － – —.
 */
export const NAME_SYMBOLS = '`~!@#$%^&*+=|{}[]<>/\\?\'":;,.' + '～｀！＠＃＄￥％＾＆＊＋＝｜｛｝［］【】〔〕〖〗《》〈〉「」『』＜＞／＼？＇＂‘’“”：；，。…';
const classEscape = (chars: string) => chars.replace(/[\\\]\[^-]/g, (c) => `\\${c}`);
const NAME_PATTERN = new RegExp(`^[^${classEscape(NAME_SYMBOLS)}\\u0000-\\u001f\\u007f]+$`);

export const rules = {
  phone: { pattern: /^1[3-9]\d{9}$/, message: '请正确输入您的手机号' },
  password: { pattern: /^(?=.*[0-9])(?=.*[a-zA-Z])[0-9A-Za-z]{6,16}$/, message: '6-16位字符的密码（数字和字母组成）' },
  idCard: {
    pattern: /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
    message: '请正确输入您的身份证号码',
  },
  email: { pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, message: '请正确输入您的邮箱地址' },
  plate: {
    pattern: /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/,
    message: '请正确输入您的车牌号',
  },
  chinese: { pattern: /^[\u4e00-\u9fa5]+$/, message: '请正确输入中文' },
  code: { pattern: /^(?!\.)[A-Za-z0-9.]*[A-Za-z0-9]$/, message: '编码只能输入英文、数字和小数点且小数点不能放在首尾' },
  account: { pattern: /^[A-Za-z0-9]+$/, message: '只能输入数字英文' },
  name: { pattern: NAME_PATTERN, message: '名称不能含有特殊符号' },
  codeDigits: { pattern: /^\d+$/, message: '编码只能输入数字' },
  halfHours: { pattern: /^\d+(\.5|\.0)?$/, message: '时间只能是整数和0.5的倍数' },
  positiveInteger: { pattern: /^[1-9]\d*$/, message: '请输入正整数' },
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof rules;

export function check(rule: RuleName, value: string): boolean {
  return rules[rule].pattern.test(value);
}

/** Sub-account login (spec 5.2): mobile number, @, then account. */
export function parseSubAccount(account: string): { mobile: string; account: string } | null {
  const at = account.indexOf('@');
  if (at < 0) return null;
  const mobile = account.slice(0, at);
  const rest = account.slice(at + 1);
  if (!rules.phone.pattern.test(mobile) || !rest) return null;
  return { mobile, account: rest };
}
