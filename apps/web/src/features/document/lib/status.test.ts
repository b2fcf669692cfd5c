import { describe, expect, it } from 'vitest';
import { DocumentStatus } from '@wenku/contracts/enums';
import { documentView, downloadLabel, isConverting, rejectReason } from './status';

describe('documentView', () => {
  it('maps every status', () => {
    expect(documentView(DocumentStatus.Pending)).toBe('converting');
    expect(documentView(DocumentStatus.Converting)).toBe('converting');
    expect(documentView(DocumentStatus.Reconvert)).toBe('converting');
    expect(documentView(DocumentStatus.Converted)).toBe('ready');
    expect(documentView(DocumentStatus.Failed)).toBe('failed');
    expect(documentView(DocumentStatus.Disabled)).toBe('disabled');
    expect(documentView(DocumentStatus.PendingReview)).toBe('review');
    expect(documentView(DocumentStatus.ReviewRejected)).toBe('rejected');
    expect(isConverting(DocumentStatus.Converted)).toBe(false);
  });
  it('rejectReason drops the server prefix', () => {
    expect(rejectReason('审核未通过：内容不完整')).toBe('内容不完整');
    expect(rejectReason('审核未通过')).toBe('');
  });
  it('downloadLabel', () => {
    expect(downloadLabel(0, false, '积分')).toBe('免费下载');
    expect(downloadLabel(5, true, '积分')).toBe('免费下载');
    expect(downloadLabel(5, false, '魔豆')).toBe('下载（5 魔豆）');
  });
});
