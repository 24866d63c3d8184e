/**
 * Placeholder page: the plugin works without any admin UI (configuration lives in
 * config/plugins). A later version shows the table's state and a rebuild action here.
 */
export default function App() {
  return (
    <main style={{ padding: '40px 56px', maxWidth: 720 }}>
      <h1 style={{ fontSize: 32, fontWeight: 600, marginBottom: 16 }}>Agent Ready</h1>
      <p style={{ lineHeight: 1.6 }}>
        Published content is served to AI agents at the root of this server: per-document JSON
        (M-URLs), the sitemap at <code>/llm-sitemap.json</code> and the other configured artifacts.
        Everything is kept up to date on each save; nothing needs doing here.
      </p>
    </main>
  );
}
