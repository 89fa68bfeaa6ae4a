export function App() {
  return (
    <main className="page">
      <section className="card">
        <h1>Reclaim</h1>
        <p className="tagline">Win back abandoned carts with two-way text conversations.</p>
        <p className="note">The brand panel arrives with later releases.</p>
      </section>
    </main>
  );
}
