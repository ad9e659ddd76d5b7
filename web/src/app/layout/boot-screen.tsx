/** Shown while the first page's code loads; plain markup so the entry chunk stays free of Cloudscape. */
export function BootScreen() {
  return (
    <div role="status" aria-live="polite" aria-busy="true" style={{ padding: '2rem', fontFamily: 'sans-serif' }}>
      Loading…
    </div>
  );
}
