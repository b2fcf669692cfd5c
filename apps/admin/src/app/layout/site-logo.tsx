/** The site's logo from the settings, or a drawn mark when none is configured. */
export function SiteLogo({ src, name }: { src?: string; name: string }) {
  if (src) return <img src={src} alt={name} style={{ height: 32, maxWidth: 120, objectFit: 'contain' }} />;
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 32,
        height: 32,
        borderRadius: 8,
        background: 'linear-gradient(135deg, #1677ff 0%, #4096ff 55%, #69b1ff 100%)',
        color: '#fff',
        fontWeight: 700,
        fontSize: 17,
        lineHeight: 1,
        boxShadow: '0 2px 6px rgba(22,119,255,.35)',
      }}
    >
      {name.slice(0, 1) || '文'}
    </span>
  );
}
