/** The article's page, as the other generators' small layouts draw it: its title and its body. */
export default function Article({ title, children }) {
  return (
    <main>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
