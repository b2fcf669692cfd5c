import type { ModuleDef } from '../kernel/module';
import config from './config';
import credit from './credit';
import user from './user';
import account from './account';
import verification from './verification';
import mail from './mail';
import sms from './sms';
import oauth from './oauth';
import content from './content';
import banner from './banner';
import attachment from './attachment';
import document from './document';
import article from './article';
import interaction from './interaction';
import conversion from './conversion';
import search from './search';
import llm from './llm';
import knowledge from './knowledge';
import ocr from './ocr';
import download from './download';
import reader from './reader';
import order from './order';
import chat from './chat';
import spider from './spider';
import seo from './seo';
import system from './system';

/**
 * Every module, in dependency order: a module's `create` may use the services of the modules above it (the
 * kernel refuses anything else at start-up). Routes, jobs and event subscribers see every service.
 */
export const MODULES: readonly ModuleDef[] = [
  config,
  credit,
  user,
  account,
  verification,
  mail,
  sms,
  oauth,
  content,
  banner,
  attachment,
  document,
  article,
  interaction,
  conversion,
  search,
  llm,
  knowledge,
  ocr,
  download,
  reader,
  order,
  chat,
  spider,
  seo,
  system,
];
