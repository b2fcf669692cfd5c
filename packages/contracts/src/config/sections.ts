/**
 * Every settings section of the product with moredoc's keys and defaults (reference/moredoc.md §4),
 * extended for the commercial sections the spec names (vip, pay, sms, oauth, llm, ...).
 * The admin config pages are forms generated from this table; the API stores one row per field.
 */
export type ConfigInputType = 'text' | 'textarea' | 'number' | 'switch' | 'select' | 'select-multi' | 'password' | 'image' | 'html';

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
}

export interface ConfigSectionDef {
  title: string;
  fields: ConfigFieldDef[];
}

const opts = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

export const SUPPORTED_DOCUMENT_EXTS = [
  'pdf', 'doc', 'docx', 'rtf', 'wps', 'odt', 'dot', 'ppt', 'pptx', 'pps', 'ppsx', 'dps', 'odp', 'pot',
  'xls', 'xlsx', 'et', 'ods', 'csv', 'tsv', 'txt', 'epub', 'mobi', 'chm', 'umd',
] as const;

export const CONFIG_SECTIONS = {
  system: {
    title: '系统设置',
    fields: [
      { name: 'sitename', label: '网站名称', type: 'text', default: '文库', public: true },
      { name: 'domain', label: '网站域名', type: 'text', default: 'http://localhost:8080', placeholder: '如 https://wenku.example.com，用于站点地图和邮件链接', public: true },
      { name: 'title', label: '首页标题', type: 'text', default: '文库 - 文档分享平台', public: true },
      { name: 'keywords', label: '网站关键词', type: 'text', default: '文库,文档,资料,分享', public: true },
      { name: 'description', label: '网站描述', type: 'textarea', default: '文库是一个开源的文档分享平台，提供文档上传、在线阅读、下载与文章发布。', public: true },
      { name: 'recommend_words', label: '搜索推荐词', type: 'text', default: '文档,资料,论文,报告', placeholder: '多个用英文逗号分隔', public: true },
      { name: 'logo', label: '网站Logo', type: 'image', default: '', public: true },
      { name: 'favicon', label: '网站Favicon', type: 'image', default: '', public: true },
      { name: 'register_background', label: '注册页背景图', type: 'image', default: '', public: true },
      { name: 'login_background', label: '登录页背景图', type: 'image', default: '', public: true },
      { name: 'version', label: '版本号', type: 'text', default: '0.1.0', public: true },
      { name: 'credit_name', label: '积分名称', type: 'text', default: '积分', public: true },
      { name: 'timezone', label: '站点时区', type: 'text', default: 'Asia/Shanghai', placeholder: '签到、每日限额按此时区计算', public: true },
      { name: 'copyright_start_year', label: '版权起始年份', type: 'number', default: 2024, public: true },
      { name: 'icp', label: '网站备案号', type: 'text', default: '', public: true },
      { name: 'sec_icp', label: '公安备案号', type: 'text', default: '', public: true },
      { name: 'enable_powered_by', label: '显示 Powered by', type: 'switch', default: true, public: true },
      { name: 'enable_watermark', label: '文档页水印', type: 'switch', default: false, public: true },
      { name: 'watermark', label: '水印文字', type: 'text', default: '', public: true },
      { name: 'analytics', label: '统计代码', type: 'textarea', default: '', placeholder: '如百度统计的 <script> 代码', public: true },
    ],
  },
  footer: {
    title: '底链设置',
    fields: [
      { name: 'about', label: '关于我们', type: 'text', default: '/article/about', public: true },
      { name: 'agreement', label: '文库协议', type: 'text', default: '/article/agreement', public: true },
      { name: 'contact', label: '联系我们', type: 'text', default: '/article/contact', public: true },
      { name: 'feedback', label: '意见反馈', type: 'text', default: '/article/feedback', public: true },
      { name: 'copyright', label: '免责声明', type: 'text', default: '/article/copyright', public: true },
    ],
  },
  article: {
    title: '文章设置',
    fields: [
      { name: 'enable_comment', label: '开启文章评论', type: 'switch', default: true },
      { name: 'show_view_count', label: '显示文章浏览数', type: 'switch', default: true },
      { name: 'related_count', label: '相关文章篇数', type: 'number', default: 8 },
      { name: 'sitemap_hour', label: '站点地图每日更新时刻(0-23时)', type: 'number', default: 2, placeholder: '修改后重启服务生效' },
    ],
  },
  security: {
    title: '安全设置',
    fields: [
      { name: 'is_close', label: '关闭网站', type: 'switch', default: false, public: true },
      { name: 'close_statement', label: '闭站说明', type: 'html', default: '网站维护中，请稍后访问。', public: true },
      { name: 'login_required', label: '登录后才能访问', type: 'switch', default: false, public: true },
      { name: 'enable_register', label: '开放注册', type: 'switch', default: true, public: true },
      { name: 'enable_captcha_login', label: '登录验证码', type: 'switch', default: false, public: true },
      { name: 'enable_captcha_register', label: '注册验证码', type: 'switch', default: false, public: true },
      { name: 'enable_captcha_comment', label: '评论验证码', type: 'switch', default: false, public: true },
      { name: 'enable_captcha_find_password', label: '找回密码验证码', type: 'switch', default: true, public: true },
      { name: 'enable_verify_register_email', label: '注册邮箱验证', type: 'switch', default: false, public: true },
      { name: 'max_document_size', label: '文档大小上限(MB)', type: 'number', default: 50, public: true },
      { name: 'document_allowed_ext', label: '允许上传的文档类型', type: 'select-multi', default: [], options: SUPPORTED_DOCUMENT_EXTS.map((e) => ({ value: e, label: e })), public: true },
      { name: 'comment_interval', label: '评论间隔(秒)', type: 'number', default: 10 },
      { name: 'document_related_duration', label: '相关文档缓存(天)', type: 'number', default: 7 },
      { name: 'attachment_retention_minute', label: '附件保留时长(分钟)', type: 'number', default: 1440 },
      { name: 'search_record_retention_days', label: '搜索记录保留(天)', type: 'number', default: 7 },
      { name: 'login_limit_per_ip', label: '每个IP每分钟登录尝试次数', type: 'number', default: 20 },
      { name: 'login_limit_per_account', label: '每个账号每分钟登录尝试次数', type: 'number', default: 10 },
    ],
  },
  captcha: {
    title: '验证码',
    fields: [
      { name: 'length', label: '验证码长度', type: 'number', default: 5 },
      { name: 'width', label: '宽度', type: 'number', default: 240 },
      { name: 'height', label: '高度', type: 'number', default: 60 },
      { name: 'type', label: '类型', type: 'select', default: 'digit', options: opts(['digit', '数字'], ['string', '字符'], ['math', '算术']) },
    ],
  },
  download: {
    title: '下载设置',
    fields: [
      { name: 'enable_guest_download', label: '游客下载免费文档', type: 'switch', default: false, public: true },
      { name: 'free_download_duration', label: '付费后免费重复下载(天)', type: 'number', default: 0, public: true },
      { name: 'url_duration', label: '下载链接有效期(秒)', type: 'number', default: 60 },
      { name: 'times_every_day', label: '每人每天下载次数', type: 'number', default: 10, public: true },
      { name: 'times_every_ip', label: '每个IP每天下载次数', type: 'number', default: 10 },
      { name: 'secret_key', label: '下载签名密钥', type: 'password', default: '', secret: true },
    ],
  },
  display: {
    title: '展示设置',
    fields: [
      { name: 'show_document_count', label: '显示文档数', type: 'switch', default: true, public: true },
      { name: 'show_document_download_count', label: '显示下载数', type: 'switch', default: true, public: true },
      { name: 'show_document_view_count', label: '显示浏览数', type: 'switch', default: true, public: true },
      { name: 'show_document_favorite_count', label: '显示收藏数', type: 'switch', default: true, public: true },
      { name: 'show_register_user_count', label: '显示注册用户数', type: 'switch', default: true, public: true },
      { name: 'virtual_register_count', label: '虚拟注册用户数', type: 'number', default: 0, public: true },
      { name: 'show_document_descriptions', label: '显示文档摘要', type: 'switch', default: true, public: true },
      { name: 'show_index_categories', label: '首页显示分类', type: 'switch', default: true, public: true },
      { name: 'index_document_style', label: '首页文档样式', type: 'select', default: 'card', options: opts(['card', '卡片'], ['list', '列表']), public: true },
      { name: 'pages_per_read', label: '每次继续阅读页数', type: 'number', default: 5, public: true },
      { name: 'max_search_pages', label: '搜索最大页数', type: 'number', default: 100, public: true },
      { name: 'hide_keywords_on_lists', label: '列表隐藏关键词', type: 'switch', default: false, public: true },
      { name: 'hide_category_without_document', label: '隐藏没有文档的分类', type: 'switch', default: false, public: true },
      { name: 'copyright_statement', label: '版权声明', type: 'html', default: '本站文档均由用户上传，仅供学习交流使用，如有侵权请联系我们删除。', public: true },
      { name: 'wechat_qrcode', label: '微信二维码', type: 'image', default: '', public: true },
      { name: 'wechat_tip', label: '微信提示语', type: 'text', default: '扫码关注公众号', public: true },
      { name: 'contact_link', label: '联系链接', type: 'text', default: '', public: true },
      { name: 'contact_tip', label: '联系提示语', type: 'text', default: '联系我们', public: true },
    ],
  },
  score: {
    title: '积分规则',
    fields: [
      { name: 'register', label: '注册奖励', type: 'number', default: 10 },
      { name: 'sign_in', label: '每日签到奖励', type: 'number', default: 1 },
      { name: 'upload_document', label: '上传文档奖励', type: 'number', default: 5 },
      { name: 'upload_document_limit', label: '每天上传奖励次数', type: 'number', default: 1 },
      { name: 'delete_document', label: '删除文档扣除', type: 'number', default: 1 },
      { name: 'document_collected', label: '文档被收藏奖励', type: 'number', default: 1 },
      { name: 'document_collected_limit', label: '每天被收藏奖励次数', type: 'number', default: 1 },
      { name: 'document_commented', label: '文档被评论奖励', type: 'number', default: 1 },
      { name: 'document_commented_limit', label: '每天被评论奖励次数', type: 'number', default: 1 },
    ],
  },
  vip: {
    title: 'VIP设置',
    fields: [
      { name: 'enable', label: '启用VIP', type: 'switch', default: false, public: true },
      { name: 'icon', label: 'VIP图标', type: 'image', default: '', public: true },
      { name: 'year_price', label: '年卡价格(元)', type: 'number', default: 199, public: true },
      { name: 'season_price', label: '季卡价格(元)', type: 'number', default: 69, public: true },
      { name: 'month_price', label: '月卡价格(元)', type: 'number', default: 29, public: true },
      { name: 'free_download', label: 'VIP免费下载付费文档', type: 'switch', default: true, public: true },
      { name: 'times_every_day', label: 'VIP每天下载次数', type: 'number', default: 50, public: true },
    ],
  },
  pay: {
    title: '支付与充值',
    fields: [
      { name: 'enable_recharge', label: '开启积分充值', type: 'switch', default: false, public: true },
      { name: 'credit_exchange', label: '积分兑换比例(每元可得积分)', type: 'number', default: 10, public: true },
      { name: 'recharge_discount', label: '充值档位(金额:折扣，每行一个)', type: 'textarea', default: '10:1\n50:0.95\n100:0.9\n500:0.8', public: true },
      { name: 'enable_wechatpay', label: '微信支付', type: 'switch', default: false, public: true },
      { name: 'wechatpay_appid', label: '微信支付 AppID', type: 'text', default: '' },
      { name: 'wechatpay_mchid', label: '微信支付商户号', type: 'text', default: '' },
      { name: 'wechatpay_apiv3_key', label: '微信支付 APIv3 密钥', type: 'password', default: '', secret: true },
      { name: 'wechatpay_serial_no', label: '商户证书序列号', type: 'text', default: '' },
      { name: 'wechatpay_private_key', label: '商户私钥', type: 'password', default: '', secret: true },
      { name: 'enable_alipay', label: '支付宝', type: 'switch', default: false, public: true },
      { name: 'alipay_appid', label: '支付宝 AppID', type: 'text', default: '' },
      { name: 'alipay_private_key', label: '应用私钥', type: 'password', default: '', secret: true },
      { name: 'alipay_public_key', label: '支付宝公钥', type: 'textarea', default: '' },
      { name: 'alipay_gateway', label: '支付宝网关', type: 'text', default: 'https://openapi.alipay.com/gateway.do' },
      { name: 'enable_hupijiao', label: '虎皮椒支付', type: 'switch', default: false, public: true },
      { name: 'hupijiao_appid', label: '虎皮椒 AppID', type: 'text', default: '' },
      { name: 'hupijiao_secret', label: '虎皮椒密钥', type: 'password', default: '', secret: true },
      { name: 'hupijiao_gateway', label: '虎皮椒网关', type: 'text', default: 'https://api.xunhupay.com/payment/do.html' },
    ],
  },
  email: {
    title: '邮箱设置',
    fields: [
      { name: 'enable', label: '启用邮件', type: 'switch', default: false },
      { name: 'host', label: 'SMTP 服务器', type: 'text', default: '' },
      { name: 'port', label: 'SMTP 端口', type: 'number', default: 465 },
      { name: 'is_tls', label: 'TLS', type: 'switch', default: true },
      { name: 'from_name', label: '发件人名称', type: 'text', default: '' },
      { name: 'username', label: '邮箱账号', type: 'text', default: '' },
      { name: 'password', label: '邮箱密码', type: 'password', default: '', secret: true },
      { name: 'duration', label: '找回密码链接有效期(分钟)', type: 'number', default: 30 },
      { name: 'test_email', label: '测试收件邮箱', type: 'text', default: '' },
    ],
  },
  sms: {
    title: '短信设置',
    fields: [
      { name: 'enable', label: '启用短信', type: 'switch', default: false, public: true },
      { name: 'provider', label: '短信服务商', type: 'select', default: 'aliyun', options: opts(['aliyun', '阿里云'], ['tencent', '腾讯云'], ['baidu', '百度云'], ['huawei', '华为云'], ['haomas', '号码社']) },
      { name: 'access_key', label: 'AccessKey / SecretId', type: 'text', default: '' },
      { name: 'secret_key', label: 'SecretKey', type: 'password', default: '', secret: true },
      { name: 'sign_name', label: '短信签名', type: 'text', default: '' },
      { name: 'template_code', label: '模板编号', type: 'text', default: '' },
      { name: 'sdk_app_id', label: 'SdkAppId / 通道号', type: 'text', default: '' },
      { name: 'endpoint', label: '接口地址(留空用默认)', type: 'text', default: '' },
      { name: 'resend_interval', label: '重发间隔(秒)', type: 'number', default: 60 },
      { name: 'code_duration', label: '验证码有效期(分钟)', type: 'number', default: 5 },
      { name: 'limit_per_mobile', label: '每个号码每天条数', type: 'number', default: 10 },
      { name: 'limit_per_ip', label: '每个IP每天条数', type: 'number', default: 20 },
    ],
  },
  oauth: {
    title: '第三方登录',
    fields: [
      { name: 'github_enable', label: 'GitHub 登录', type: 'switch', default: false },
      { name: 'github_client_id', label: 'GitHub Client ID', type: 'text', default: '' },
      { name: 'github_client_secret', label: 'GitHub Client Secret', type: 'password', default: '', secret: true },
      { name: 'gitee_enable', label: 'Gitee 登录', type: 'switch', default: false },
      { name: 'gitee_client_id', label: 'Gitee Client ID', type: 'text', default: '' },
      { name: 'gitee_client_secret', label: 'Gitee Client Secret', type: 'password', default: '', secret: true },
      { name: 'qq_enable', label: 'QQ 登录', type: 'switch', default: false },
      { name: 'qq_client_id', label: 'QQ AppID', type: 'text', default: '' },
      { name: 'qq_client_secret', label: 'QQ AppKey', type: 'password', default: '', secret: true },
      { name: 'wechat_enable', label: '微信网页登录', type: 'switch', default: false },
      { name: 'wechat_client_id', label: '微信 AppID', type: 'text', default: '' },
      { name: 'wechat_client_secret', label: '微信 AppSecret', type: 'password', default: '', secret: true },
      { name: 'custom_enable', label: '自定义 OAuth', type: 'switch', default: false },
      { name: 'custom_name', label: '自定义名称', type: 'text', default: '' },
      { name: 'custom_client_id', label: 'Client ID', type: 'text', default: '' },
      { name: 'custom_client_secret', label: 'Client Secret', type: 'password', default: '', secret: true },
      { name: 'custom_authorize_url', label: '授权地址', type: 'text', default: '' },
      { name: 'custom_token_url', label: 'Token 地址', type: 'text', default: '' },
      { name: 'custom_userinfo_url', label: '用户信息地址', type: 'text', default: '' },
      { name: 'custom_scope', label: 'Scope', type: 'text', default: '' },
    ],
  },
  miniprogram: {
    title: '小程序',
    fields: [
      { name: 'enable', label: '启用小程序扫码登录', type: 'switch', default: false },
      { name: 'appid', label: '小程序 AppID', type: 'text', default: '' },
      { name: 'secret', label: '小程序 AppSecret', type: 'password', default: '', secret: true },
      { name: 'mp_appid', label: '公众号 AppID(分享签名)', type: 'text', default: '' },
      { name: 'mp_secret', label: '公众号 AppSecret', type: 'password', default: '', secret: true },
    ],
  },
  converter: {
    title: '转换设置',
    fields: [
      { name: 'max_preview', label: '最大预览页数(0为不限)', type: 'number', default: 12 },
      { name: 'max_preview_percent', label: '最大预览比例(%)', type: 'number', default: 100 },
      { name: 'timeout', label: '转换超时(分钟)', type: 'number', default: 30 },
      { name: 'enable_gzip', label: 'GZIP 压缩 SVG', type: 'switch', default: true },
      { name: 'enable_convert_repeated_document', label: '重复文档重新转换', type: 'switch', default: false },
      { name: 'workers', label: '并行转换数', type: 'number', default: 2 },
    ],
  },
  search: {
    title: '搜索设置',
    fields: [
      { name: 'weight_title', label: '标题权重', type: 'select', default: 'A', options: opts(['A', 'A (最高)'], ['B', 'B'], ['C', 'C'], ['D', 'D (最低)']) },
      { name: 'weight_keywords', label: '关键词权重', type: 'select', default: 'B', options: opts(['A', 'A'], ['B', 'B'], ['C', 'C'], ['D', 'D']) },
      { name: 'weight_description', label: '摘要权重', type: 'select', default: 'C', options: opts(['A', 'A'], ['B', 'B'], ['C', 'C'], ['D', 'D']) },
      { name: 'weight_content', label: '正文权重', type: 'select', default: 'D', options: opts(['A', 'A'], ['B', 'B'], ['C', 'C'], ['D', 'D']) },
      { name: 'user_dict', label: '自定义分词词典(每行一个词)', type: 'textarea', default: '' },
    ],
  },
  ocr: {
    title: 'OCR设置',
    fields: [
      { name: 'enable', label: '启用 OCR', type: 'switch', default: false },
      { name: 'languages', label: '识别语言', type: 'text', default: 'chi_sim+eng' },
      { name: 'dpi', label: '识别分辨率(DPI)', type: 'number', default: 300 },
      { name: 'auto', label: '无文本文档自动识别', type: 'switch', default: true },
    ],
  },
  llm: {
    title: 'AI 大模型',
    fields: [
      { name: 'enable', label: '启用 AI 功能', type: 'switch', default: false, public: true },
      { name: 'provider', label: '服务商', type: 'select', default: 'deepseek', options: opts(['ollama', 'Ollama'], ['deepseek', 'DeepSeek'], ['qianwen', '通义千问'], ['hunyuan', '腾讯混元'], ['qianfan', '百度千帆'], ['doubao', '豆包'], ['xunfei', '讯飞星火'], ['kimi', 'Kimi'], ['siliconflow', '硅基流动'], ['gitee', 'Gitee AI'], ['custom', '自定义']) },
      { name: 'base_url', label: '接口地址', type: 'text', default: '' },
      { name: 'api_key', label: 'API Key', type: 'password', default: '', secret: true },
      { name: 'model', label: '对话模型', type: 'text', default: '' },
      { name: 'embedding_model', label: '向量模型', type: 'text', default: '' },
      { name: 'daily_quota', label: '每人每天对话次数', type: 'number', default: 20 },
      { name: 'system_prompt', label: '系统提示词', type: 'textarea', default: '你是文库的智能助手，请依据提供的文档内容回答问题，并注明出处。' },
    ],
  },
  ssr: {
    title: 'SEO 渲染',
    fields: [
      { name: 'enable', label: '为爬虫输出页面正文', type: 'switch', default: true },
      { name: 'useragent', label: '爬虫 UA 关键词', type: 'textarea', default: 'googlebot\nbaiduspider\nbingbot\nsogou\n360spider\nbytespider' },
      { name: 'cache_minutes', label: '页面缓存(分钟)', type: 'number', default: 10 },
    ],
  },
} satisfies Record<string, ConfigSectionDef>;

export type ConfigCategory = keyof typeof CONFIG_SECTIONS;
export const CONFIG_CATEGORIES = Object.keys(CONFIG_SECTIONS) as ConfigCategory[];

/** The secret placeholder: sent instead of a secret's value, and meaning "keep it" when sent back. */
export const SECRET_MASK = '******';
