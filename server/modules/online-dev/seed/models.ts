import type { ControlType } from '../../../../src/contracts/online-dev';
import type { FieldOption, ModelDefinition, ModelField } from '../../../../src/contracts/online-dev-model';

/**
 * The three demo models of issue 20, as a store chain's staff would set them up: 门店巡检 (store
 * inspection), 客户登记 (customer registration) and 样品申领 (sample request). Plain definitions,
 * published by the seed like the designer would.
 */

let seq = 0;
/** A field: control type, key, label and its own properties. */
export function field(type: ControlType, key: string, label: string, more: Partial<ModelField> = {}): ModelField {
  return { id: `f${++seq}`, key, type, label, span: 24, ...more };
}
/** A layout item (no key). */
export function layout(type: ControlType, label: string, more: Partial<ModelField> = {}): ModelField {
  return { id: `l${++seq}`, key: '', type, label, span: 24, ...more };
}
export const opts = (...pairs: [string, string][]): { kind: 'static'; items: FieldOption[] } => ({ kind: 'static', items: pairs.map(([value, label]) => ({ value, label })) });
const dict = (dictionary: string) => ({ kind: 'dictionary' as const, dictionary });

export const CHECK_ITEMS: [string, string][] = [
  ['display', '陈列整洁'],
  ['clean', '卫生清洁'],
  ['price', '价签准确'],
  ['sample', '样品完好'],
  ['fire', '消防安全'],
  ['staff', '员工仪容'],
];

export function inspectionModel(): ModelDefinition {
  return {
    form: {
      labelWidth: 100,
      labelPosition: 'right',
      popup: 'drawer',
      titleField: 'issues',
      fields: [
        layout('groupTitle', '基本信息'),
        field('depSelect', 'store', '巡检门店', { required: true, span: 12 }),
        field('date', 'inspectDate', '巡检日期', { required: true, span: 12, format: 'YYYY-MM-DD' }),
        field('userSelect', 'inspector', '巡检人', { required: true, span: 12 }),
        field('radio', 'shift', '班次', { span: 12, options: opts(['morning', '早班'], ['noon', '中班'], ['evening', '晚班']), defaultValue: 'morning' }),
        layout('groupTitle', '巡检清单'),
        field('table', 'checklist', '巡检项目', {
          required: true,
          columns: [
            field('select', 'item', '检查项', { required: true, options: opts(...CHECK_ITEMS) }),
            field('numInput', 'score', '得分', { required: true, min: 0, max: 10, precision: 0 }),
            field('comInput', 'note', '说明', { maxLength: 100 }),
          ],
        }),
        field('calculate', 'totalScore', '总分', { span: 12, expression: 'SUM({checklist.score})', precision: 0 }),
        field('switch', 'needsFollowUp', '需要复查', { span: 12, activeText: '需要', inactiveText: '不需要' }),
        field('uploadImg', 'photos', '现场照片', { upload: { kind: 'image', limit: 6 } }),
        field('textarea', 'issues', '问题与整改', { maxLength: 500, placeholder: '发现的问题、整改要求与期限' }),
        layout('divider', ''),
        field('createUser', 'registeredBy', '登记人', { span: 12 }),
        field('createTime', 'registeredAt', '登记时间', { span: 12 }),
      ],
    },
    list: {
      columns: [
        { key: 'store', width: 140 },
        { key: 'inspectDate', width: 120, sortable: true },
        { key: 'inspector', width: 120 },
        { key: 'shift', width: 80 },
        { key: 'totalScore', width: 80, align: 'right', sortable: true },
        { key: 'needsFollowUp', width: 100 },
        { key: 'issues', width: 240 },
        { key: 'creatorTime', width: 160, sortable: true },
      ],
      searchFields: ['store', 'inspectDate', 'inspector', 'needsFollowUp'],
      keywordFields: ['issues'],
      sort: { field: 'inspectDate', order: 'desc' },
      pageSize: 20,
      buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_export', 'btn_detail'],
      tree: { source: 'org', field: 'store' },
    },
  };
}

export function customerModel(): ModelDefinition {
  return {
    form: {
      labelWidth: 100,
      labelPosition: 'right',
      popup: 'dialog',
      titleField: 'name',
      fields: [
        field('billRule', 'customerNo', '客户编号', { span: 12, billRule: 'Customer' }),
        field('depSelect', 'store', '登记门店', { span: 12, required: true }),
        field('comInput', 'name', '客户姓名', { required: true, span: 12, rule: 'name', maxLength: 30 }),
        field('comInput', 'mobile', '手机号', { required: true, span: 12, rule: 'phone', placeholder: '11位手机号' }),
        field('radio', 'gender', '性别', { span: 12, options: dict('sex') }),
        field('select', 'level', '客户等级', { span: 12, options: dict('customerLevel') }),
        field('select', 'source', '客户来源', { required: true, span: 12, options: dict('customerSource') }),
        field('date', 'visitTime', '到店时间', { span: 12, format: 'YYYY-MM-DD HH:mm' }),
        field('address', 'region', '所在地区', { span: 12, level: 3 }),
        field('comInput', 'address', '详细地址', { span: 12, maxLength: 100 }),
        field('checkbox', 'interests', '意向品类', { options: opts(['mattress', '床垫'], ['pillow', '枕头'], ['bedding', '床品'], ['bed', '床架']) }),
        field('numInput', 'budget', '预算（元）', { span: 12, min: 0, max: 1_000_000, precision: 0 }),
        field('rate', 'intent', '购买意向', { span: 12, max: 5 }),
        field('textarea', 'remark', '备注', { maxLength: 500 }),
        field('createUser', 'registeredBy', '登记人', { span: 12 }),
        field('createTime', 'registeredAt', '登记时间', { span: 12 }),
      ],
    },
    list: {
      columns: [
        { key: 'customerNo', width: 140 },
        { key: 'name', width: 100, sortable: true },
        { key: 'mobile', width: 130 },
        { key: 'level', width: 90 },
        { key: 'source', width: 100 },
        { key: 'region', width: 180 },
        { key: 'store', width: 130 },
        { key: 'budget', width: 100, align: 'right', sortable: true },
        { key: 'creatorTime', width: 160, sortable: true },
      ],
      searchFields: ['source', 'level', 'store', 'visitTime'],
      keywordFields: ['name', 'mobile', 'customerNo'],
      sort: { field: 'creatorTime', order: 'desc' },
      pageSize: 20,
      buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_export', 'btn_detail'],
      tree: { source: 'dictionary', dictionary: 'customerSource', field: 'source' },
    },
  };
}

export const PURPOSES: [string, string][] = [
  ['display', '门店陈列'],
  ['trial', '客户试睡'],
  ['event', '活动展示'],
  ['training', '员工培训'],
];
export const SAMPLE_CATEGORIES: [string, string][] = [
  ['mattress', '床垫'],
  ['pillow', '枕头'],
  ['bedding', '床品'],
  ['bed', '床架'],
];

export function sampleModel(): ModelDefinition {
  return {
    form: {
      labelWidth: 110,
      labelPosition: 'right',
      popup: 'drawer',
      titleField: 'requestNo',
      fields: [
        field('billRule', 'requestNo', '申领单号', { span: 12, billRule: 'SampleRequest' }),
        field('date', 'requestDate', '申领日期', { required: true, span: 12 }),
        field('userSelect', 'applicant', '申领人', { required: true, span: 12 }),
        field('depSelect', 'department', '申领部门', { required: true, span: 12 }),
        field('select', 'purpose', '用途', { required: true, span: 12, options: opts(...PURPOSES) }),
        field('date', 'expectedReturn', '预计归还日期', { span: 12 }),
        layout('card', '样品明细', {
          children: [
            field('table', 'items', '样品', {
              required: true,
              columns: [
                field('comInput', 'product', '样品名称', { required: true, maxLength: 50 }),
                field('select', 'category', '品类', { options: opts(...SAMPLE_CATEGORIES) }),
                field('numInput', 'qty', '数量', { required: true, min: 1, max: 999, precision: 0 }),
                field('numInput', 'price', '单价（元）', { required: true, min: 0, precision: 2 }),
                field('calculate', 'amount', '金额（元）', { expression: '{items.qty} × {items.price}', precision: 2 }),
              ],
            }),
            field('calculate', 'total', '合计金额（元）', { expression: 'SUM({items.amount})', precision: 2, thousands: true, amountChinese: true }),
          ],
        }),
        field('uploadFz', 'attachment', '附件', { upload: { kind: 'file', limit: 3, fileSize: 10, sizeUnit: 'MB' } }),
        field('textarea', 'remark', '备注', { maxLength: 500 }),
        field('createUser', 'registeredBy', '登记人', { span: 12 }),
        field('createTime', 'registeredAt', '登记时间', { span: 12 }),
      ],
    },
    list: {
      columns: [
        { key: 'requestNo', width: 150 },
        { key: 'requestDate', width: 120, sortable: true },
        { key: 'applicant', width: 110 },
        { key: 'department', width: 130 },
        { key: 'purpose', width: 100 },
        { key: 'total', width: 120, align: 'right', sortable: true },
        { key: 'expectedReturn', width: 120 },
        { key: 'creatorTime', width: 160, sortable: true },
      ],
      searchFields: ['purpose', 'department', 'requestDate'],
      keywordFields: ['requestNo'],
      sort: { field: 'requestDate', order: 'desc' },
      pageSize: 20,
      buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_export', 'btn_detail'],
      tree: null,
    },
  };
}
