import { connection } from "next/server";

const rows = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  name: `Rate ${i + 1}`,
  percent: (i % 20) + 0.5,
  description: `Description of rate ${i + 1}`,
  isDefault: i === 0,
}));

export default async function TablePage() {
  await connection();
  return (
    <main>
      <h1>Rates</h1>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Percent</th>
            <th>Description</th>
            <th>Default</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.name}</td>
              <td>{r.percent} %</td>
              <td>{r.description}</td>
              <td>{r.isDefault ? "Default" : ""}</td>
              <td>
                <a href={`/table/${r.id}/edit`}>Edit</a> <button type="button">Delete</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
