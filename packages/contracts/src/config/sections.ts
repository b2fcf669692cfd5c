/**
 * Every settings section of the product (moredoc's keys and defaults, reference/moredoc.md §4, extended for the
 * commercial sections the spec names). Each section is one zod object: its fields' types, bounds and defaults,
 * which fields are secret and which are public, and the admin form's labels, inputs and options. The API reads
 * `settings.get('download')` typed from it, GET /settings answers the public fields through it, and the admin's
 * config pages are forms generated from it (`CONFIG_SECTIONS`, derived below).
 */
import { z } from 'zod';
import { SUPPORTED_DOCUMENT_EXTS } from './constants';
import { SMS_PROVIDER_OPTIONS } from '../enums/sms-provider';

export type ConfigInputType = 'text' | 'textarea' | 'number' | 'switch' | 'select' | 'select-multi' | 'tags' | 'password' | 'image' | 'html';

export interface ConfigFieldDef {
  name: string;
  label: string;
  type: ConfigInputType;
  default: string | number | boolean | string[];
  placeholder?: string;
  /** `value:label` options for select inputs */
  options?: { value: string; label: string }[];
  /** stored but never sent back in clear: shown as ****** */
  secret?: boolean;
  /** part of the public GET /settings answer */
  public?: boolean;
  /** number inputs: bounds */
  min?: number;
  max?: number;
  /** a sentence under the input: what the setting does and its consequences */
  help?: string;
}

export interface ConfigSectionDef {
  title: string;
  fields: ConfigFieldDef[];
}

type FieldMeta = Omit<ConfigFieldDef, 'name' | 'default'>;
const META = new WeakMap<z.ZodType, FieldMeta>();

/** A type-level mark on public fields, so the public answer's type is derived from the same objects. */
declare const PUBLIC: unique symbol;
export interface PublicField {
  readonly [PUBLIC]: true;
}
interface Opts {
  placeholder?: string;
  public?: boolean;
  help?: string;
}
type Marked<T, O> = O extends { public: true } ? T & PublicField : T;

function field<T extends z.ZodType, const O extends Opts>(schema: T, meta: Omit<FieldMeta, 'public' | 'placeholder' | 'help'>, o: O | undefined): Marked<T, O> {
  META.set(schema, {
    ...meta,
    ...(o?.placeholder ? { placeholder: o.placeholder } : {}),
    ...(o?.public ? { public: true } : {}),
    ...(o?.help ? { help: o.help } : {}),
  });
  return schema as Marked<T, O>;
}

type Options = { value: string; label: string }[];
const opts = (...pairs: [string, string][]): Options => pairs.map(([value, label]) => ({ value, label }));
const values = (options: Options) => options.map((o) => o.value) as [string, ...string[]];

/** The field builders: one per admin input type, each with its bounds. */
const f = {
  text: <const O extends Opts>(label: string, def = '', o?: O) =>
    field(z.string().trim().max(1000, `「${label}」最多 1000 个字符`).default(def), { label, type: 'text' }, o),
  textarea: <const O extends Opts>(label: string, def = '', o?: O) =>
    field(z.string().max(20000, `「${label}」最多 20000 个字符`).default(def), { label, type: 'textarea' }, o),
  html: <const O extends Opts>(label: string, def = '', o?: O) =>
    field(z.string().max(20000, `「${label}」最多 20000 个字符`).default(def), { label, type: 'html' }, o),
  image: <const O extends Opts>(label: string, o?: O) => field(z.string().trim().max(1000).default(''), { label, type: 'image' }, o),
  secret: <const O extends Opts>(label: string, o?: O) => field(z.string().max(10000).default(''), { label, type: 'password', secret: true }, o),
  switch: <const O extends Opts>(label: string, def: boolean, o?: O) => field(z.boolean().default(def), { label, type: 'switch' }, o),
  number: <const O extends Opts>(label: string, def: number, o: O & { min: number; max: number; int?: boolean }) => {
    let n = z
      .number({ error: `「${label}」必须是数字` })
      .min(o.min, `「${label}」不能小于 ${o.min}`)
      .max(o.max, `「${label}」不能大于 ${o.max}`);
    if (o.int !== false) n = n.int(`「${label}」必须是整数`);
    return field(n.default(def), { label, type: 'number', min: o.min, max: o.max }, o);
  },
  select: <const O extends Opts>(label: string, options: Options, def: string, o?: O) =>
    field(z.enum(values(options), { error: `「${label}」不支持的选项` }).default(def), { label, type: 'select', options }, o),
  /**
   * Free words as a list (moredoc answers them as an array). A comma-separated string — what this field held
   * before, and what a text input sends — is read as the list it spells (half- or full-width commas).
   */
  tags: <const O extends Opts>(label: string, def: string[], o?: O) =>
    field(
      z
        .preprocess(
          (v) => (typeof v === 'string' ? v.split(/[,，\n]/) : v),
          z
            .array(
              z
                .string({ error: `「${label}」必须是文字` })
                .trim()
                .max(64, `「${label}」每项最多 64 个字符`),
              { error: `「${label}」必须是词语列表` },
            )
            .transform((words) => [...new Set(words.filter(Boolean))])
            .pipe(z.array(z.string()).max(100, `「${label}」最多 100 项`)),
        )
        .default(def),
      { label, type: 'tags' },
      o,
    ),
  multi: <const O extends Opts>(label: string, options: Options, o?: O) =>
    field(
      z
        .array(z.enum(values(options), { error: `「${label}」不支持的选项` }))
        .max(options.length)
        .default([]),
      { label, type: 'select-multi', options },
      o,
    ),
};

function section<S extends z.ZodRawShape>(title: string, shape: S) {
  return Object.assign(z.object(shape), { title });
}

/** How a VIP card is priced in credits (`vip.credit_price_rule`; the API's `vipCreditPrice` applies it). */
export const VIP_CREDIT_PRICE_RULES = opts(
  ['list', '按原价，不叠加充值折扣（推荐）'],
  ['exchange', '按兑换比例（充值折扣可叠加到VIP）'],
  ['off', '不允许用积分开通VIP'],
);

export const CONFIG_SCHEMAS = {
  system: section('系统设置', {
    sitename: f.text('网站名称', '文库', { public: true }),
    domain: f.text('网站域名', 'http://localhost:8080', { placeholder: '如 https://wenku.example.com，用于站点地图和邮件链接', public: true }),
    title: f.text('首页标题', '文库 - 文档分享平台', { public: true }),
    keywords: f.text('网站关键词', '文库,文档,资料,分享', { public: true }),
    description: f.textarea('网站描述', '文库是一个开源的文档分享平台，提供文档上传、在线阅读、下载与文章发布。', { public: true }),
    recommend_words: f.tags('搜索推荐词', ['文档', '资料', '论文', '报告'], { placeholder: '输入后回车添加，或用逗号分隔', public: true }),
    logo: f.image('网站Logo', { public: true }),
    favicon: f.image('网站Favicon', { public: true }),
    register_background: f.image('注册页背景图', { public: true }),
    login_background: f.image('登录页背景图', { public: true }),
    version: f.text('版本号', '0.1.0', { public: true }),
    credit_name: f.text('积分名称', '积分', { public: true }),
    timezone: f.text('站点时区', 'Asia/Shanghai', { placeholder: '签到、每日限额按此时区计算', public: true }),
    copyright_start_year: f.number('版权起始年份', 2024, { min: 1990, max: 2100, public: true }),
    icp: f.text('网站备案号', '', { public: true }),
    sec_icp: f.text('公安备案号', '', { public: true }),
    enable_powered_by: f.switch('显示 Powered by', true, { public: true }),
    enable_watermark: f.switch('文档页水印', false, { public: true }),
    watermark: f.text('水印文字', '', { public: true }),
    analytics: f.textarea('统计代码', '', { placeholder: '如百度统计的 <script> 代码', public: true }),
  }),
  footer: section('底链设置', {
    about: f.text('关于我们', '/article/about', { public: true }),
    agreement: f.text('文库协议', '/article/agreement', { public: true }),
    contact: f.text('联系我们', '/article/contact', { public: true }),
    feedback: f.text('意见反馈', '/article/feedback', { public: true }),
    copyright: f.text('免责声明', '/article/copyright', { public: true }),
  }),
  article: section('文章设置', {
    enable_comment: f.switch('开启文章评论', true),
    show_view_count: f.switch('显示文章浏览数', true),
    related_count: f.number('相关文章篇数', 8, { min: 1, max: 50 }),
    sitemap_hour: f.number('站点地图每日更新时刻(0-23时)', 2, { min: 0, max: 23, placeholder: '修改后重启服务生效' }),
  }),
  security: section('安全设置', {
    is_close: f.switch('关闭网站', false, { public: true }),
    close_statement: f.html('闭站说明', '网站维护中，请稍后访问。', { public: true }),
    login_required: f.switch('登录后才能访问', false, { public: true }),
    enable_register: f.switch('开放注册', true, { public: true }),
    enable_captcha_login: f.switch('登录验证码', false, { public: true }),
    enable_captcha_register: f.switch('注册验证码', false, { public: true }),
    enable_captcha_comment: f.switch('评论验证码', false, { public: true }),
    enable_captcha_find_password: f.switch('找回密码验证码', true, { public: true }),
    enable_verify_register_email: f.switch('注册邮箱验证', false, { public: true }),
    max_document_size: f.number('文档大小上限(MB)', 50, { min: 1, max: 10240, public: true }),
    document_allowed_ext: f.multi(
      '允许上传的文档类型',
      SUPPORTED_DOCUMENT_EXTS.map((e) => ({ value: e, label: e })),
      { public: true },
    ),
    comment_interval: f.number('评论间隔(秒)', 10, { min: 0, max: 86400 }),
    document_related_duration: f.number('相关文档缓存(天)', 7, { min: 0, max: 3650 }),
    attachment_retention_minute: f.number('附件保留时长(分钟)', 1440, { min: 0, max: 525600 }),
    search_record_retention_days: f.number('搜索记录保留(天)', 7, { min: 0, max: 3650 }),
    login_limit_per_ip: f.number('每个IP每分钟登录尝试次数', 20, { min: 1, max: 100000 }),
    login_limit_per_account: f.number('同一账号同一IP每15分钟登录尝试次数', 5, { min: 1, max: 100000 }),
    login_captcha_after: f.number('账号每小时登录失败多少次后需要验证码', 10, { min: 1, max: 100000 }),
    register_limit_per_ip: f.number('每个IP每小时注册次数', 10, { min: 1, max: 100000 }),
    find_password_limit_per_ip: f.number('每个IP每小时找回密码次数', 10, { min: 1, max: 100000 }),
    csp_allow: f.textarea('页面允许连接的外部地址(统计代码等，空格分隔，如 https://hm.baidu.com)', ''),
    reserved_usernames: f.textarea(
      '保留用户名(包含即拒绝，逗号或换行分隔)',
      '管理员,admin,administrator,客服,官方,系统,站长,root,webmaster,support,moderator,版主,超管',
    ),
  }),
  captcha: section('验证码', {
    length: f.number('验证码长度', 5, { min: 3, max: 8 }),
    width: f.number('宽度', 240, { min: 80, max: 600 }),
    height: f.number('高度', 60, { min: 30, max: 200 }),
    type: f.select('类型', opts(['digit', '数字'], ['string', '字符'], ['math', '算术']), 'digit'),
  }),
  download: section('下载设置', {
    enable_guest_download: f.switch('游客下载免费文档', false, { public: true }),
    free_download_duration: f.number('付费后免费重复下载(天)', 0, { min: 0, max: 36500, public: true }),
    url_duration: f.number('下载链接有效期(秒)', 60, { min: 10, max: 86400 }),
    times_every_day: f.number('每人每天下载次数', 10, { min: 0, max: 1000000, public: true }),
    times_every_ip: f.number('每个IP每天下载次数', 10, { min: 0, max: 1000000 }),
    secret_key: f.secret('下载签名密钥'),
  }),
  display: section('展示设置', {
    // moredoc's two home page layouts: its clients render the home page only for one of these
    home_version: f.select('首页版本(moredoc 客户端)', opts(['v1', 'v1 经典版'], ['v2', 'v2 新版']), 'v1', { public: true }),
    show_document_count: f.switch('显示文档数', true, { public: true }),
    show_document_download_count: f.switch('显示下载数', true, { public: true }),
    show_document_view_count: f.switch('显示浏览数', true, { public: true }),
    show_document_favorite_count: f.switch('显示收藏数', true, { public: true }),
    show_register_user_count: f.switch('显示注册用户数', true, { public: true }),
    virtual_register_count: f.number('虚拟注册用户数', 0, { min: 0, max: 100000000, public: true }),
    show_document_descriptions: f.switch('显示文档摘要', true, { public: true }),
    show_index_categories: f.switch('首页显示分类', true, { public: true }),
    index_document_style: f.select('首页文档样式', opts(['card', '卡片'], ['list', '列表']), 'card', { public: true }),
    pages_per_read: f.number('每次继续阅读页数', 5, { min: 1, max: 100, public: true }),
    // who may select and copy a document's text in the reader; the others still find and see hits highlighted
    copy_text: f.select(
      '允许复制文档文字',
      opts(['all', '所有人'], ['user', '登录用户'], ['vip', 'VIP 会员'], ['download', '已购买或可免费下载该文档的用户']),
      'all',
    ),
    max_search_pages: f.number('搜索最大页数', 100, { min: 1, max: 1000, public: true }),
    hide_keywords_on_lists: f.switch('列表隐藏关键词', false, { public: true }),
    hide_category_without_document: f.switch('隐藏没有文档的分类', false, { public: true }),
    copyright_statement: f.html('版权声明', '本站文档均由用户上传，仅供学习交流使用，如有侵权请联系我们删除。', { public: true }),
    wechat_qrcode: f.image('微信二维码', { public: true }),
    wechat_tip: f.text('微信提示语', '扫码关注公众号', { public: true }),
    contact_link: f.text('联系链接', '', { public: true }),
    contact_tip: f.text('联系提示语', '联系我们', { public: true }),
  }),
  score: section('积分规则', {
    register: f.number('注册奖励', 10, { min: 0, max: 1000000 }),
    sign_in: f.number('每日签到奖励', 1, { min: 0, max: 1000000 }),
    upload_document: f.number('上传文档奖励', 5, { min: 0, max: 1000000 }),
    upload_document_limit: f.number('每天上传奖励次数', 1, { min: 0, max: 10000 }),
    delete_document: f.number('删除文档扣除', 1, { min: 0, max: 1000000 }),
    document_collected: f.number('文档被收藏奖励', 1, { min: 0, max: 1000000 }),
    document_collected_limit: f.number('每天被收藏奖励次数', 1, { min: 0, max: 10000 }),
    document_commented: f.number('文档被评论奖励', 1, { min: 0, max: 1000000 }),
    document_commented_limit: f.number('每天被评论奖励次数', 1, { min: 0, max: 10000 }),
  }),
  vip: section('VIP设置', {
    enable: f.switch('启用VIP', false, { public: true }),
    icon: f.image('VIP图标', { public: true }),
    year_price: f.number('年卡价格(元)', 199, { min: 0, max: 1000000, int: false, public: true }),
    season_price: f.number('季卡价格(元)', 69, { min: 0, max: 1000000, int: false, public: true }),
    month_price: f.number('月卡价格(元)', 29, { min: 0, max: 1000000, int: false, public: true }),
    free_download: f.switch('VIP免费下载付费文档', true, { public: true }),
    times_every_day: f.number('VIP每天下载次数', 50, { min: 0, max: 1000000, public: true }),
    credit_price_rule: f.select('用积分开通VIP', VIP_CREDIT_PRICE_RULES, 'list', {
      help:
        '充值折扣只用于充值本身。“按原价，不叠加充值折扣”（推荐）：VIP 的积分价 = 价格 × 积分兑换比例 ÷ 充值档位中最低的折扣（向上取整），' +
        '用打折充值得到的积分开通 VIP 不会比直接付款便宜，例如年卡 199 元、兑换比例 10、最低 8 折时积分价为 2488。' +
        '“按兑换比例”：积分价 = 价格 × 兑换比例（年卡 1990），先按 8 折充值再用积分开通，年卡实际只花 159.2 元。“不允许”：VIP 只能用微信、支付宝等付款开通。',
    }),
  }),
  pay: section('支付与充值', {
    enable_recharge: f.switch('开启积分充值', false, { public: true }),
    credit_exchange: f.number('积分兑换比例(每元可得积分)', 10, { min: 1, max: 100000, public: true }),
    recharge_discount: f.textarea('充值档位(金额:折扣，每行一个)', '10:1\n50:0.95\n100:0.9\n500:0.8', { public: true }),
    order_timeout: f.number('待支付订单自动关闭(分钟)', 120, { min: 5, max: 10080 }),
    enable_wechatpay: f.switch('微信支付', false, { public: true }),
    wechatpay_appid: f.text('微信支付 AppID', ''),
    wechatpay_mchid: f.text('微信支付商户号', ''),
    wechatpay_apiv3_key: f.secret('微信支付 APIv3 密钥'),
    wechatpay_serial_no: f.text('商户证书序列号', ''),
    wechatpay_private_key: f.secret('商户私钥'),
    wechatpay_public_key_id: f.text('微信支付公钥 ID', ''),
    wechatpay_public_key: f.textarea('微信支付公钥', ''),
    wechatpay_api_base: f.text('微信支付 API 地址', 'https://api.mch.weixin.qq.com'),
    enable_alipay: f.switch('支付宝', false, { public: true }),
    alipay_appid: f.text('支付宝 AppID', ''),
    alipay_private_key: f.secret('应用私钥'),
    alipay_public_key: f.textarea('支付宝公钥', ''),
    alipay_gateway: f.text('支付宝网关', 'https://openapi.alipay.com/gateway.do'),
    enable_hupijiao: f.switch('虎皮椒支付', false, { public: true }),
    hupijiao_appid: f.text('虎皮椒 AppID', ''),
    hupijiao_secret: f.secret('虎皮椒密钥'),
    hupijiao_gateway: f.text('虎皮椒网关', 'https://api.xunhupay.com/payment/do.html'),
  }),
  email: section('邮箱设置', {
    enable: f.switch('启用邮件', false),
    host: f.text('SMTP 服务器', ''),
    port: f.number('SMTP 端口', 465, { min: 1, max: 65535 }),
    is_tls: f.switch('TLS', true),
    from_name: f.text('发件人名称', ''),
    username: f.text('邮箱账号', ''),
    password: f.secret('邮箱密码'),
    duration: f.number('找回密码链接有效期(分钟)', 30, { min: 1, max: 60 }),
    test_email: f.text('测试收件邮箱', ''),
  }),
  sms: section('短信设置', {
    enable: f.switch('启用短信', false, { public: true }),
    provider: f.select(
      '短信服务商',
      // the enum's own labels (they had drifted here: 百度云 against 百度智能云, 号码社 against Haomas)
      SMS_PROVIDER_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
      'aliyun',
    ),
    access_key: f.text('AccessKey / SecretId', ''),
    secret_key: f.secret('SecretKey'),
    sign_name: f.text('短信签名', ''),
    template_code: f.text('模板编号', ''),
    sdk_app_id: f.text('SdkAppId / 通道号', ''),
    endpoint: f.text('接口地址(留空用默认)', ''),
    resend_interval: f.number('重发间隔(秒)', 60, { min: 0, max: 3600 }),
    code_duration: f.number('验证码有效期(分钟)', 5, { min: 1, max: 60 }),
    limit_per_mobile: f.number('每个号码每天条数', 10, { min: 0, max: 1000 }),
    limit_per_ip: f.number('每个IP每天条数', 20, { min: 0, max: 100000 }),
  }),
  oauth: section('第三方登录', {
    github_enable: f.switch('GitHub 登录', false),
    github_client_id: f.text('GitHub Client ID', ''),
    github_client_secret: f.secret('GitHub Client Secret'),
    gitee_enable: f.switch('Gitee 登录', false),
    gitee_client_id: f.text('Gitee Client ID', ''),
    gitee_client_secret: f.secret('Gitee Client Secret'),
    qq_enable: f.switch('QQ 登录', false),
    qq_client_id: f.text('QQ AppID', ''),
    qq_client_secret: f.secret('QQ AppKey'),
    wechat_enable: f.switch('微信网页登录', false),
    wechat_client_id: f.text('微信 AppID', ''),
    wechat_client_secret: f.secret('微信 AppSecret'),
    custom_enable: f.switch('自定义 OAuth', false),
    custom_name: f.text('自定义名称', ''),
    custom_client_id: f.text('Client ID', ''),
    custom_client_secret: f.secret('Client Secret'),
    custom_authorize_url: f.text('授权地址', ''),
    custom_token_url: f.text('Token 地址', ''),
    custom_userinfo_url: f.text('用户信息地址', ''),
    custom_scope: f.text('Scope', ''),
  }),
  miniprogram: section('小程序', {
    enable: f.switch('启用小程序扫码登录', false),
    appid: f.text('小程序 AppID', ''),
    secret: f.secret('小程序 AppSecret'),
    mp_appid: f.text('公众号 AppID(分享签名)', ''),
    mp_secret: f.secret('公众号 AppSecret'),
  }),
  converter: section('转换设置', {
    max_preview: f.number('最大预览页数(0为不限)', 12, { min: 0, max: 100000 }),
    max_preview_percent: f.number('最大预览比例(%)', 100, { min: 1, max: 100 }),
    timeout: f.number('转换超时(分钟)', 30, { min: 1, max: 1440 }),
    enable_gzip: f.switch('GZIP 压缩 SVG', true),
    enable_convert_repeated_document: f.switch('重复文档重新转换', false),
    workers: f.number('并行转换数', 2, { min: 1, max: 8 }),
    max_pages: f.number('文档最大页数(超过则不转换)', 10000, { min: 1, max: 100000 }),
    daily_pages_per_uploader: f.number('每位上传者每天最多转换页数(0为不限)', 20000, { min: 0, max: 10000000 }),
  }),
  search: section('搜索设置', {
    weight_title: f.select('标题权重', opts(['A', 'A (最高)'], ['B', 'B'], ['C', 'C'], ['D', 'D (最低)']), 'A'),
    weight_keywords: f.select('关键词权重', opts(['A', 'A'], ['B', 'B'], ['C', 'C'], ['D', 'D']), 'B'),
    weight_description: f.select('摘要权重', opts(['A', 'A'], ['B', 'B'], ['C', 'C'], ['D', 'D']), 'C'),
    weight_content: f.select('正文权重', opts(['A', 'A'], ['B', 'B'], ['C', 'C'], ['D', 'D']), 'D'),
    user_dict: f.textarea('自定义分词词典(每行一个词)', ''),
  }),
  ocr: section('OCR设置', {
    enable: f.switch('启用 OCR', false),
    engine: f.select(
      '识别引擎',
      opts(['auto', '自动（已安装 tesseract 时用原生，否则用内置 tesseract.js）'], ['native', '原生 tesseract'], ['tesseract.js', '内置 tesseract.js']),
      'auto',
    ),
    languages: field(
      z
        .string()
        .trim()
        .max(200, '「识别语言」最多 200 个字符')
        .regex(/^[a-z][a-z0-9_]{1,31}(\+[a-z][a-z0-9_]{1,31}){0,7}$/i, '「识别语言」格式如 chi_sim+eng（语言代码用 + 连接）')
        .default('chi_sim+eng'),
      { label: '识别语言', type: 'text' },
      { placeholder: 'chi_sim+eng' },
    ),
    dpi: f.number('识别分辨率(DPI)', 300, { min: 72, max: 600 }),
    auto: f.switch('无文本文档自动识别', true),
    min_chars: f.number('文字少于多少字的图片页需要识别', 20, { min: 0, max: 10000 }),
    page_timeout: f.number('每页识别超时(秒)', 120, { min: 1, max: 3600 }),
    max_pages: f.number('每篇文档最多识别页数(0为不限)', 200, { min: 0, max: 100000 }),
    max_page_pixels: f.number('每页渲染最大像素(万像素，超过则自动降低分辨率)', 2500, { min: 100, max: 20000 }),
    document_timeout: f.number('每篇文档识别总时长上限(分钟，0为不限)', 60, { min: 0, max: 1440 }),
    daily_minutes_per_uploader: f.number('每位上传者每天最多识别时长(分钟，0为不限)', 120, { min: 0, max: 144000 }),
  }),
  llm: section('AI 大模型', {
    enable: f.switch('启用 AI 功能', false, { public: true }),
    provider: f.select(
      '服务商',
      opts(
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
      ),
      'deepseek',
    ),
    base_url: f.text('接口地址', ''),
    api_key: f.secret('API Key'),
    model: f.text('对话模型', ''),
    embedding_model: f.text('向量模型', ''),
    daily_quota: f.number('每人每天对话次数', 20, { min: 0, max: 1000000, public: true }),
    vip_daily_quota: f.number('VIP每天对话次数', 100, { min: 0, max: 1000000, public: true }),
    credit_per_message: f.number('每次对话消耗积分(0为免费)', 0, { min: 0, max: 1000000, public: true }),
    temperature: f.number('温度(0-2)', 0.7, { min: 0, max: 2, int: false }),
    max_tokens: f.number('回答最大 token 数', 2048, { min: 16, max: 32768 }),
    history_window: f.number('携带历史消息条数', 10, { min: 0, max: 100 }),
    system_prompt: f.textarea('系统提示词', '你是文库的智能助手，请依据提供的文档内容回答问题，并注明出处。'),
  }),
  ssr: section('SEO 渲染', {
    enable: f.switch('为爬虫输出页面正文', true),
    useragent: f.textarea('爬虫 UA 关键词', 'googlebot\nbaiduspider\nbingbot\nsogou\n360spider\nbytespider'),
    cache_minutes: f.number('页面缓存(分钟)', 10, { min: 0, max: 1440 }),
  }),
};

export type ConfigCategory = keyof typeof CONFIG_SCHEMAS;
export const CONFIG_CATEGORIES = Object.keys(CONFIG_SCHEMAS) as ConfigCategory[];
/** A section's values, every field present and typed (the API's `settings.get(section)`). */
export type TConfig<K extends ConfigCategory> = z.output<(typeof CONFIG_SCHEMAS)[K]>;
export type TConfigSections = { [K in ConfigCategory]: TConfig<K> };

/** The secret placeholder: sent instead of a secret's value, and meaning "keep it" when sent back. */
export const SECRET_MASK = '******';

/** One field's schema and form metadata. */
export function configField(category: string, name: string): { schema: z.ZodType; meta: ConfigFieldDef } | undefined {
  const section = (CONFIG_SCHEMAS as Record<string, z.ZodObject | undefined>)[category];
  const schema = section?.shape[name] as z.ZodType | undefined;
  const meta = schema && META.get(schema);
  if (!schema || !meta) return undefined;
  return { schema, meta: { name, default: schema.parse(undefined) as ConfigFieldDef['default'], ...meta } };
}

/** The admin forms' table: every section's title and fields, in order, derived from the schemas. */
export const CONFIG_SECTIONS = Object.fromEntries(
  Object.entries(CONFIG_SCHEMAS).map(([category, s]) => [
    category,
    { title: s.title, fields: Object.keys(s.shape).map((name) => configField(category, name)!.meta) },
  ]),
) as Record<ConfigCategory, ConfigSectionDef>;

type PublicShape<S> = { [K in keyof S as S[K] extends PublicField ? K : never]: S[K] extends z.ZodType ? S[K] : never };
/** A section's public fields as their own object schema (GET /settings). */
export function publicConfig<K extends ConfigCategory>(category: K) {
  const s = CONFIG_SCHEMAS[category];
  const keys = Object.keys(s.shape).filter((name) => META.get(s.shape[name as keyof typeof s.shape] as z.ZodType)?.public);
  return z.object(Object.fromEntries(keys.map((k) => [k, s.shape[k as keyof typeof s.shape]]))) as unknown as z.ZodObject<PublicShape<(typeof s)['shape']>>;
}
