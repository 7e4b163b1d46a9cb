/** One measured figure and its budget, as every bench module reports it. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  budget: string;
  pass: boolean;
}

export const formatRows = (rows: BenchRow[]): string => {
  const lines = ['| measure | value | budget | within budget |', '|---|---|---|---|'];
  for (const row of rows) {
    const value = Number.isInteger(row.value) ? String(row.value) : row.value.toFixed(2);
    lines.push(`| ${row.name} | ${value} ${row.unit} | ${row.budget} | ${row.pass ? 'yes' : 'NO'} |`);
  }
  return lines.join('\n');
};
