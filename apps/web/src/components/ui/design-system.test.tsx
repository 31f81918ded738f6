import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from './table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('design system primitives', () => {
  it('Dialog: labelled by its title, traps focus, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger asChild>
          <Button>Request Withdrawal</Button>
        </DialogTrigger>
        <DialogContent
          title="Request withdrawal"
          description="Amount and wallet address."
          footer={
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
          }
        >
          <input aria-label="Amount (USDT)" />
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Request Withdrawal' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Request withdrawal' });
    expect(dialog).toHaveAccessibleDescription('Amount and wallet address.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('Tabs: arrow keys move between tabs and the panel follows', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="withdrawals">
        <TabsList aria-label="History">
          <TabsTrigger value="withdrawals">Withdrawal History</TabsTrigger>
          <TabsTrigger value="rewards">Rewards History</TabsTrigger>
        </TabsList>
        <TabsContent value="withdrawals">No withdrawals yet</TabsContent>
        <TabsContent value="rewards">No rewards yet</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No withdrawals yet');
    screen.getByRole('tab', { name: 'Withdrawal History' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Rewards History' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No rewards yet');
  });

  it('Table: a named, keyboard-scrollable region with header cells and an empty row', () => {
    render(
      <Table label="Withdrawal history">
        <TableHead>
          <TableRow>
            <TableHeaderCell>Amount</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>10.00</TableCell>
            <TableCell>Pending</TableCell>
          </TableRow>
          <TableEmpty colSpan={2}>No withdrawals yet</TableEmpty>
        </TableBody>
      </Table>,
    );
    const region = screen.getByRole('region', { name: 'Withdrawal history' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Amount',
      'Status',
    ]);
    expect(screen.getByRole('cell', { name: 'No withdrawals yet' })).toHaveAttribute(
      'colspan',
      '2',
    );
    expect(screen.getByRole('cell', { name: 'Pending' })).toBeInTheDocument();
  });
});
