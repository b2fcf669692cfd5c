/** Shown when the error page itself fails: no antd, no router. */
export function ErrorFallback() {
  return (
    <div className="wk-error-fallback">
      <h1>页面出错了</h1>
      <p>很抱歉，页面加载失败，请稍后重试。</p>
      <a href="/">返回首页</a>
    </div>
  );
}
