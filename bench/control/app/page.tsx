import { Counter } from "./counter";

export default function FloorPage() {
  return (
    <main>
      <h1>Floor page</h1>
      <p>The least a Next 16 page with one interactive part costs.</p>
      <Counter />
    </main>
  );
}
