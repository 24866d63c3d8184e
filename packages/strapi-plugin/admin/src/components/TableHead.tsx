import { Th, Thead, Tr, Typography } from '@strapi/design-system';

/** The header row of an admin table: one caption per column, in order. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <Thead>
      <Tr>
        {columns.map((column) => (
          <Th key={column}>
            <Typography variant="sigma">{column}</Typography>
          </Th>
        ))}
      </Tr>
    </Thead>
  );
}
