import { z } from 'zod';
import { ArticleAudit } from './article-audit';
import { AttachmentType } from './attachment-type';
import { BannerKind } from './banner-kind';
import { CategoryType } from './category-type';
import { ChatCategory, ChatMessageStatus, CHAT_ROLES, LLM_MODEL_KINDS } from './chat';
import { ContentStatus } from './content-status';
import { DocumentStatus } from './document-status';
import { FileType } from './file-type';
import { LlmProvider } from './llm-provider';
import { OcrStatus } from './ocr-status';
import { OrderStatus } from './order-status';
import { OrderType } from './order-type';
import { PaymentMethod } from './payment-method';
import { PunishmentType } from './punishment-type';
import { ReportReason } from './report-reason';
import { SmsProvider } from './sms-provider';
import { SmsPurpose } from './sms-purpose';
import { SmsStatus } from './sms-status';
import { SpiderDocumentStatus } from './spider-document-status';
import { SpiderUrlStatus } from './spider-url-status';
import { TargetType } from './target-type';
import { TaskStatus } from './task-status';
import { VipCard } from './vip-card';

/** The zod schema of every enum (the values themselves, zod-free, are in the enum files). */
export const ZArticleAudit = z.enum(ArticleAudit);
export const ZAttachmentType = z.enum(AttachmentType);
export const ZBannerKind = z.enum(BannerKind);
export const ZCategoryType = z.enum(CategoryType);
export const ZChatCategory = z.enum(ChatCategory);
export const ZChatMessageStatus = z.enum(ChatMessageStatus);
export const ZChatRole = z.enum(CHAT_ROLES);
export const ZLlmModelKind = z.enum(LLM_MODEL_KINDS);
export const ZContentStatus = z.enum(ContentStatus);
export const ZDocumentStatus = z.enum(DocumentStatus);
export const ZFileType = z.enum(FileType);
export const ZLlmProvider = z.enum(LlmProvider);
export const ZOcrStatus = z.enum(OcrStatus);
export const ZOrderStatus = z.enum(OrderStatus);
export const ZOrderType = z.enum(OrderType);
export const ZPaymentMethod = z.enum(PaymentMethod);
export const ZPunishmentType = z.enum(PunishmentType);
export const ZReportReason = z.enum(ReportReason);
export const ZSmsProvider = z.enum(SmsProvider);
export const ZSmsPurpose = z.enum(SmsPurpose);
export const ZSmsStatus = z.enum(SmsStatus);
export const ZSpiderDocumentStatus = z.enum(SpiderDocumentStatus);
export const ZSpiderUrlStatus = z.enum(SpiderUrlStatus);
export const ZTargetType = z.enum(TargetType);
export const ZTaskStatus = z.enum(TaskStatus);
export const ZVipCard = z.enum(VipCard);

/** Query strings carry numbers as text: coerce, then accept only the enum's values. */
export function zQueryEnum<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);
}
