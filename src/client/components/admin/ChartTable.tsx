import { Table, Text, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';

export interface ChartTableProps {
  /** What the chart shows, e.g. "Translations per day, last 30 days". */
  caption: string;
  /** One sentence on what the data says (chartSummary), shown beneath the chart. */
  summary: string;
  /** The column heads: the label column, then one per value. */
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart's text alternative (WCAG 1.1.1): a one-line summary, and its data as a table behind a
 * "Show data as a table" button (closed by default, so the chart's card keeps its size). Charts
 * themselves are images to assistive technology; this is what a screen reader or keyboard user reads.
 */
export function ChartTable({ caption, summary, columns, rows }: ChartTableProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div data-testid="chart-table">
      <Text size="xs" c="dimmed" mt="xs" data-testid="chart-summary">
        {summary}
      </Text>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        mt="xs"
        fz="xs"
        c="var(--mantine-color-anchor)"
        td="underline"
      >
        {open ? 'Hide the data table' : 'Show data as a table'}
      </UnstyledButton>
      <div id={id} hidden={!open}>
        {open ? (
          <Table.ScrollContainer minWidth={200} mt="xs">
            <Table striped withTableBorder fz="xs">
              <Table.Caption>{caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c} scope="col">
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={String(r[0])}>
                    {r.map((cell, i) =>
                      i === 0 ? (
                        <Table.Th key={columns[i]} scope="row" fw={500}>
                          {cell}
                        </Table.Th>
                      ) : (
                        <Table.Td key={columns[i]}>
                          {typeof cell === 'number' ? cell.toLocaleString() : cell}
                        </Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </div>
    </div>
  );
}

/** One sentence about a series: its total, and its highest point ("… on Monday", "… at 14:00"). */
export function chartSummary(
  rows: { label: string; value: number }[],
  unit: string,
  preposition: 'on' | 'at' | 'for' = 'on',
): string {
  if (rows.length === 0) return `No ${unit} yet.`;
  const total = rows.reduce((s, r) => s + r.value, 0);
  const top = rows.reduce((a, b) => (b.value > a.value ? b : a));
  return `${total.toLocaleString()} ${unit} in all; the most, ${top.value.toLocaleString()}, ${preposition} ${top.label}.`;
}
