import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ADVERTISEMENT_POSITIONS,
  configField,
  ARTICLE_AUDIT_OPTIONS,
  ArticleAudit,
  ZArticleAudit,
  ATTACHMENT_TYPE_OPTIONS,
  AttachmentType,
  ZAttachmentType,
  BANNER_KIND_OPTIONS,
  BannerKind,
  ZBannerKind,
  CATEGORY_TYPE_OPTIONS,
  CategoryType,
  ZCategoryType,
  CONTENT_STATUS_OPTIONS,
  ContentStatus,
  ZContentStatus,
  DOCUMENT_STATUS_OPTIONS,
  DocumentStatus,
  ZDocumentStatus,
  FILE_TYPE_EXTS,
  FILE_TYPE_OPTIONS,
  FileType,
  ZFileType,
  LLM_PROVIDER_BASE_URLS,
  LLM_PROVIDER_OPTIONS,
  LlmProvider,
  ZLlmProvider,
  OCR_STATUS_OPTIONS,
  OcrStatus,
  ZOcrStatus,
  ORDER_STATUS_OPTIONS,
  OrderStatus,
  ZOrderStatus,
  ORDER_TYPE_OPTIONS,
  OrderType,
  ZOrderType,
  PAYMENT_METHOD_OPTIONS,
  PaymentMethod,
  ZPaymentMethod,
  PUNISHMENT_TYPE_OPTIONS,
  PunishmentType,
  ZPunishmentType,
  REPORT_REASON_OPTIONS,
  ReportReason,
  ZReportReason,
  SMS_PROVIDER_OPTIONS,
  SmsProvider,
  ZSmsProvider,
  SMS_PURPOSE_OPTIONS,
  SmsPurpose,
  ZSmsPurpose,
  SMS_STATUS_OPTIONS,
  SmsStatus,
  ZSmsStatus,
  SPIDER_DOCUMENT_STATUS_OPTIONS,
  SpiderDocumentStatus,
  ZSpiderDocumentStatus,
  SPIDER_URL_STATUS_OPTIONS,
  SpiderUrlStatus,
  ZSpiderUrlStatus,
  TASK_STATUS_OPTIONS,
  TaskStatus,
  ZTaskStatus,
  VIP_CARD_DAYS,
  VIP_CARD_OPTIONS,
  VipCard,
  ZVipCard,
  labelOf,
  toValueEnum,
  valuesOf,
  zQueryEnum,
  type TEnumOption,
  CONFIG_SCHEMAS,
  publicConfig,
} from '../src';

type Case = {
  name: string;
  object: Record<string, string | number>;
  options: readonly TEnumOption[];
  schema: z.ZodType;
  /** [value, label] pairs in spec order. */
  expected: [string | number, string][];
};

const cases: Case[] = [
  {
    name: 'content status',
    object: ContentStatus,
    options: CONTENT_STATUS_OPTIONS,
    schema: ZContentStatus,
    expected: [
      [0, '正常'],
      [1, '禁用'],
      [2, '审核中'],
      [3, '已拒绝'],
      [4, '已忽略'],
    ],
  },
  {
    name: 'attachment type',
    object: AttachmentType,
    options: ATTACHMENT_TYPE_OPTIONS,
    schema: ZAttachmentType,
    expected: [
      [0, '未知'],
      [1, '头像'],
      [2, '文档'],
      [3, '文章'],
      [4, '评论'],
      [5, '横幅'],
      [6, '分类封面'],
      [7, '配置'],
      [8, '采集文档'],
    ],
  },
  {
    name: 'report reason',
    object: ReportReason,
    options: REPORT_REASON_OPTIONS,
    schema: ZReportReason,
    expected: [
      [1, '垃圾广告'],
      [2, '淫秽色情'],
      [3, '虚假中奖'],
      [4, '敏感信息'],
      [5, '人身攻击'],
      [6, '骚扰他人'],
    ],
  },
  {
    name: 'punishment type',
    object: PunishmentType,
    options: PUNISHMENT_TYPE_OPTIONS,
    schema: ZPunishmentType,
    expected: [
      [1, '禁用账户'],
      [2, '禁止评论'],
      [3, '禁止上传'],
      [4, '禁止下载'],
      [5, '禁止收藏'],
      [6, '禁止发布文章'],
    ],
  },
  {
    name: 'vip card',
    object: VipCard,
    options: VIP_CARD_OPTIONS,
    schema: ZVipCard,
    expected: [
      [0, '年卡'],
      [1, '季卡'],
      [2, '月卡'],
    ],
  },
  {
    name: 'sms purpose',
    object: SmsPurpose,
    options: SMS_PURPOSE_OPTIONS,
    schema: ZSmsPurpose,
    expected: [
      [0, '注册'],
      [1, '登录'],
      [2, '找回密码'],
    ],
  },
  {
    name: 'sms status',
    object: SmsStatus,
    options: SMS_STATUS_OPTIONS,
    schema: ZSmsStatus,
    expected: [
      [0, '发送中'],
      [1, '发送成功'],
      [2, '发送失败'],
    ],
  },
  {
    name: 'sms provider',
    object: SmsProvider,
    options: SMS_PROVIDER_OPTIONS,
    schema: ZSmsProvider,
    expected: [
      ['aliyun', '阿里云'],
      ['tencent', '腾讯云'],
      ['baidu', '百度智能云'],
      ['huawei', '华为云'],
      ['haomas', 'Haomas'],
    ],
  },
  {
    name: 'banner kind',
    object: BannerKind,
    options: BANNER_KIND_OPTIONS,
    schema: ZBannerKind,
    expected: [
      [0, '网站'],
      [1, '小程序'],
      [2, 'APP'],
    ],
  },
  {
    name: 'article audit',
    object: ArticleAudit,
    options: ARTICLE_AUDIT_OPTIONS,
    schema: ZArticleAudit,
    expected: [
      [0, '待审核'],
      [1, '已通过'],
      [2, '已拒绝'],
    ],
  },
  {
    name: 'llm provider',
    object: LlmProvider,
    options: LLM_PROVIDER_OPTIONS,
    schema: ZLlmProvider,
    expected: [
      ['ollama', 'Ollama'],
      ['deepseek', 'DeepSeek'],
      ['qianwen', '通义千问'],
      ['hunyuan', '腾讯混元'],
      ['qianfan', '百度千帆'],
      ['doubao', '豆包'],
      ['xunfei', '讯飞星火'],
      ['kimi', 'Kimi'],
      ['siliconflow', '硅基流动'],
      ['gitee', 'Gitee AI'],
      ['custom', '自定义'],
    ],
  },
  {
    name: 'order type',
    object: OrderType,
    options: ORDER_TYPE_OPTIONS,
    schema: ZOrderType,
    expected: [
      [1, '购买文档'],
      [2, '购买VIP'],
      [3, '积分充值'],
    ],
  },
  {
    name: 'payment method',
    object: PaymentMethod,
    options: PAYMENT_METHOD_OPTIONS,
    schema: ZPaymentMethod,
    expected: [
      [1, '微信支付'],
      [2, '支付宝'],
      [3, '银行卡'],
      [4, '现金'],
      [5, '积分'],
      [6, '系统充值'],
      [7, '其他'],
      [8, '虎皮椒'],
      [9, '下载码'],
      [10, '广告'],
    ],
  },
  {
    name: 'document status',
    object: DocumentStatus,
    options: DOCUMENT_STATUS_OPTIONS,
    schema: ZDocumentStatus,
    expected: [
      [0, '待转换'],
      [1, '转换中'],
      [2, '已转换'],
      [3, '转换失败'],
      [4, '已禁用'],
      [5, '重新转换'],
      [6, '待审核'],
      [7, '审核拒绝'],
    ],
  },
  {
    name: 'order status',
    object: OrderStatus,
    options: ORDER_STATUS_OPTIONS,
    schema: ZOrderStatus,
    expected: [
      [1, '待支付'],
      [2, '已支付'],
      [3, '已关闭'],
    ],
  },
  {
    name: 'spider url status',
    object: SpiderUrlStatus,
    options: SPIDER_URL_STATUS_OPTIONS,
    schema: ZSpiderUrlStatus,
    expected: [
      [0, '待采集'],
      [1, '采集中'],
      [2, '已完成'],
      [3, '采集失败'],
    ],
  },
  {
    name: 'spider document status',
    object: SpiderDocumentStatus,
    options: SPIDER_DOCUMENT_STATUS_OPTIONS,
    schema: ZSpiderDocumentStatus,
    expected: [
      [0, '待处理'],
      [1, '下载队列中'],
      [2, '下载中'],
      [3, '已下载'],
      [4, '下载失败'],
      [5, '发布队列中'],
      [6, '发布中'],
      [7, '已发布'],
      [8, '发布失败'],
    ],
  },
  {
    name: 'ocr status',
    object: OcrStatus,
    options: OCR_STATUS_OPTIONS,
    schema: ZOcrStatus,
    expected: [
      [0, '待识别'],
      [1, '识别中'],
      [2, '识别成功'],
      [3, '识别失败'],
    ],
  },
  {
    name: 'task status',
    object: TaskStatus,
    options: TASK_STATUS_OPTIONS,
    schema: ZTaskStatus,
    expected: [
      [0, '待处理'],
      [1, '处理中'],
      [2, '已完成'],
      [3, '处理失败'],
    ],
  },
  {
    name: 'category type',
    object: CategoryType,
    options: CATEGORY_TYPE_OPTIONS,
    schema: ZCategoryType,
    expected: [
      [0, '文档'],
      [1, '文章'],
    ],
  },
  {
    name: 'file type',
    object: FileType,
    options: FILE_TYPE_OPTIONS,
    schema: ZFileType,
    expected: [
      ['pdf', 'PDF'],
      ['word', 'Word'],
      ['ppt', 'PPT'],
      ['excel', 'Excel'],
      ['text', '文本'],
      ['epub', 'EPUB'],
      ['mobi', 'MOBI'],
      ['chm', 'CHM'],
      ['umd', 'UMD'],
      ['other', '其他'],
    ],
  },
];

describe.each(cases)('$name', ({ object, options, schema, expected }) => {
  it('has exactly the spec values and labels, in order', () => {
    expect(options.map((o) => [o.value, o.label])).toEqual(expected);
    expect(Object.values(object)).toEqual(expected.map(([v]) => v));
  });

  it('has unique values and labels', () => {
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
  });

  it('schema accepts every value and rejects others', () => {
    for (const [v] of expected) expect(schema.parse(v)).toBe(v);
    const numeric = typeof expected[0][0] === 'number';
    const outside = numeric ? Math.max(...expected.map(([v]) => v as number)) + 1 : 'nope';
    expect(schema.safeParse(outside).success).toBe(false);
    expect(schema.safeParse(numeric ? String(expected[0][0]) : 1).success).toBe(false);
    expect(schema.safeParse(undefined).success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
  });

  it('builds a ProTable valueEnum keyed by value', () => {
    const ve = toValueEnum(options) as Record<string, { text: string }>;
    expect(Object.keys(ve)).toHaveLength(expected.length);
    for (const [v, label] of expected) expect(ve[String(v)].text).toBe(label);
  });
});

describe('named members', () => {
  it('spell out the spec meaning', () => {
    expect(ContentStatus).toEqual({ Normal: 0, Disabled: 1, Reviewing: 2, Rejected: 3, Ignored: 4 });
    expect(AttachmentType.CategoryCover).toBe(6);
    expect(AttachmentType.SpiderDocument).toBe(8);
    expect(ReportReason.SpamAd).toBe(1);
    expect(ReportReason.Harassment).toBe(6);
    expect(PunishmentType.DisableAccount).toBe(1);
    expect(PunishmentType.NoArticle).toBe(6);
    expect(VipCard).toEqual({ Year: 0, Season: 1, Month: 2 });
    expect(SmsPurpose.FindPassword).toBe(2);
    expect(SmsStatus.Failed).toBe(2);
    expect(BannerKind.MiniProgram).toBe(1);
    expect(ArticleAudit.Approved).toBe(1);
    expect(OrderType).toEqual({ BuyDocument: 1, BuyVip: 2, Recharge: 3 });
    expect(PaymentMethod.Hupijiao).toBe(8);
    expect(PaymentMethod.DownloadCode).toBe(9);
    expect(PaymentMethod.Advertising).toBe(10);
    expect(DocumentStatus.Reconvert).toBe(5);
    expect(DocumentStatus.PendingReview).toBe(6);
    expect(DocumentStatus.ReviewRejected).toBe(7);
    expect(OrderStatus).toEqual({ Pending: 1, Paid: 2, Closed: 3 });
    expect(SpiderDocumentStatus.PublishFailed).toBe(8);
    expect(OcrStatus.Recognising).toBe(1);
    expect(TaskStatus.Done).toBe(2);
    expect(CategoryType).toEqual({ Document: 0, Article: 1 });
  });
});

describe('vip card durations', () => {
  it('are 365, 92 and 31 days', () => {
    expect(VIP_CARD_DAYS).toEqual({ 0: 365, 1: 92, 2: 31 });
    expect(VIP_CARD_OPTIONS.map((o) => o.days)).toEqual([365, 92, 31]);
  });
});

describe('llm provider base urls', () => {
  it('has one https base url per provider except local ollama and custom', () => {
    expect(Object.keys(LLM_PROVIDER_BASE_URLS)).toEqual(Object.values(LlmProvider));
    for (const o of LLM_PROVIDER_OPTIONS) expect(o.baseUrl).toBe(LLM_PROVIDER_BASE_URLS[o.value]);
    expect(LLM_PROVIDER_BASE_URLS.custom).toBe('');
    expect(LLM_PROVIDER_BASE_URLS.ollama).toBe('http://127.0.0.1:11434/v1');
    for (const [p, url] of Object.entries(LLM_PROVIDER_BASE_URLS)) {
      if (p === 'custom' || p === 'ollama') continue;
      expect(url).toMatch(/^https:\/\/[^/]+\/.+[^/]$/);
    }
    expect(LLM_PROVIDER_BASE_URLS.deepseek).toBe('https://api.deepseek.com/v1');
    expect(LLM_PROVIDER_BASE_URLS.kimi).toBe('https://api.moonshot.cn/v1');
    expect(LLM_PROVIDER_BASE_URLS.siliconflow).toBe('https://api.siliconflow.cn/v1');
  });
});

describe('file type extensions', () => {
  it('match spec §3 exactly', () => {
    expect(FILE_TYPE_EXTS).toEqual({
      pdf: ['pdf'],
      word: ['doc', 'docx', 'rtf', 'wps', 'odt', 'dot'],
      ppt: ['ppt', 'pptx', 'pps', 'ppsx', 'dps', 'odp', 'pot'],
      excel: ['xls', 'xlsx', 'et', 'ods', 'csv', 'tsv'],
      text: ['txt'],
      epub: ['epub'],
      mobi: ['mobi'],
      chm: ['chm'],
      umd: ['umd'],
    });
  });
  it('never list one extension twice', () => {
    const all = Object.values(FILE_TYPE_EXTS).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('advertisement positions', () => {
  it('are still exported from the enums index', () => {
    expect(ADVERTISEMENT_POSITIONS).toHaveLength(17);
  });
});

describe('helpers', () => {
  it('toValueEnum keeps badge status when present', () => {
    expect(toValueEnum(ORDER_STATUS_OPTIONS)).toEqual({
      1: { text: '待支付', status: 'Warning' },
      2: { text: '已支付', status: 'Success' },
      3: { text: '已关闭', status: 'Default' },
    });
    expect(toValueEnum(CATEGORY_TYPE_OPTIONS)).toEqual({ 0: { text: '文档' }, 1: { text: '文章' } });
    expect(toValueEnum([])).toEqual({});
  });

  it('labelOf finds a label or falls back', () => {
    expect(labelOf(DOCUMENT_STATUS_OPTIONS, 6)).toBe('待审核');
    expect(labelOf(LLM_PROVIDER_OPTIONS, 'kimi')).toBe('Kimi');
    expect(labelOf(DOCUMENT_STATUS_OPTIONS, 99)).toBe('99');
    expect(labelOf(DOCUMENT_STATUS_OPTIONS, '6')).toBe('6');
    expect(labelOf(DOCUMENT_STATUS_OPTIONS, 99, '未知')).toBe('未知');
    expect(labelOf(DOCUMENT_STATUS_OPTIONS, undefined)).toBe('');
    expect(labelOf(DOCUMENT_STATUS_OPTIONS, null)).toBe('');
  });

  it('valuesOf lists values in order', () => {
    expect(valuesOf(SMS_STATUS_OPTIONS)).toEqual([0, 1, 2]);
  });

  it('zQueryEnum coerces query text and still checks the value', () => {
    const schema = zQueryEnum(ZDocumentStatus);
    expect(schema.parse('2')).toBe(2);
    expect(schema.parse(' 7 ')).toBe(7);
    expect(schema.parse(3)).toBe(3);
    expect(schema.safeParse('8').success).toBe(false);
    expect(schema.safeParse('abc').success).toBe(false);
    expect(schema.safeParse('').success).toBe(false);
  });
});

describe('pay settings', () => {
  it('carry the WeChat Pay public-key mode and API base, none of them public', () => {
    const pay = CONFIG_SCHEMAS.pay.parse({});
    expect(pay.wechatpay_api_base).toBe('https://api.mch.weixin.qq.com');
    expect(pay.wechatpay_public_key_id).toBe('');
    expect(pay.wechatpay_public_key).toBe('');
    const publicKeys = Object.keys(publicConfig('pay').shape);
    for (const k of ['wechatpay_api_base', 'wechatpay_public_key_id', 'wechatpay_public_key', 'wechatpay_private_key', 'wechatpay_apiv3_key'])
      expect(publicKeys).not.toContain(k);
  });
});

describe('provider labels', () => {
  it("the SMS settings' provider choices are the enum's, label for label", () => {
    expect(configField('sms', 'provider')?.meta.options).toEqual(SMS_PROVIDER_OPTIONS.map((o) => ({ value: o.value, label: o.label })));
  });
});
