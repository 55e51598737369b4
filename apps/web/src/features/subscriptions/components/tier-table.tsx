import { Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './tier-table.module.css';
import type { Tier } from './tiers';

/**
 * One tier as a table with the columns Role, $/Month, $/Annual and Features.
 * The roles are explicit because the phone layout restyles rows as grids, which would otherwise
 * drop the table semantics in some browsers.
 */
export function TierTable({ tier }: { tier: Tier }) {
  const badge = tier.href ? (
    <Badge
      component={Link}
      to={tier.href}
      size="lg"
      tt="none"
      color={tier.color}
      style={{ cursor: 'pointer' }}
    >
      {tier.role}
    </Badge>
  ) : (
    <Badge size="lg" tt="none" color={tier.color}>
      {tier.role}
    </Badge>
  );
  return (
    <Table withTableBorder verticalSpacing="sm" role="table" aria-label={`${tier.role} tier`}>
      <Table.Thead className={classes.head} role="rowgroup">
        <Table.Tr className={classes.row} role="row">
          <Table.Th className={classes.role} role="columnheader">
            Role
          </Table.Th>
          <Table.Th className={classes.price} role="columnheader">
            $/Month
          </Table.Th>
          <Table.Th className={classes.price} role="columnheader">
            $/Annual
          </Table.Th>
          <Table.Th className={classes.features} role="columnheader">
            Features
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role="rowgroup">
        <Table.Tr className={classes.row} role="row">
          <Table.Td role="cell">{badge}</Table.Td>
          <Table.Td role="cell">
            <Text fw={600}>{tier.monthly}</Text>
          </Table.Td>
          <Table.Td role="cell">
            <Text fw={600}>{tier.annual}</Text>
          </Table.Td>
          <Table.Td className={classes.features} role="cell">
            {tier.features}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
