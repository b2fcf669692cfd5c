import { PlaceholderPage } from '../../../app/shell/page';

export default function UploadPage() {
  return <PlaceholderPage title="上传文档" description="支持 PDF、Word、PPT、Excel、TXT、EPUB 等格式的批量上传正在建设中。" />;
}
