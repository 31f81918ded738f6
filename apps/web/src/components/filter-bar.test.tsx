import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar, FilterField, FilterSelect, plainOptions } from './filter-bar';

function renderBar(canReset: boolean) {
  const onSearch = vi.fn();
  const onStatus = vi.fn();
  const onReset = vi.fn();
  render(
    <FilterBar
      search={{
        label: 'Search users',
        placeholder: 'Name or email',
        value: '',
        onChange: onSearch,
      }}
      canReset={canReset}
      onReset={onReset}
    >
      <FilterSelect
        label="Status"
        allLabel="All Status"
        options={plainOptions(['ACTIVE', 'LOCKED'])}
        value=""
        onChange={onStatus}
      />
      <FilterSelect
        label="Action"
        hideLabel
        allLabel="All actions"
        options={[]}
        value=""
        onChange={vi.fn()}
      />
      <FilterField label="From">{(id) => <input id={id} type="date" />}</FilterField>
    </FilterBar>,
  );
  return { onSearch, onStatus, onReset, user: userEvent.setup() };
}

describe('FilterBar', () => {
  it('names every control, with "all" as the first option of a select', async () => {
    const { onSearch, onStatus, user } = renderBar(false);
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'a');
    expect(onSearch).toHaveBeenCalledWith('a');
    const status = screen.getByLabelText('Status');
    expect(
      Array.from(status.querySelectorAll('option')).map((o) => [o.value, o.textContent]),
    ).toEqual([
      ['', 'All Status'],
      ['ACTIVE', 'ACTIVE'],
      ['LOCKED', 'LOCKED'],
    ]);
    await user.selectOptions(status, 'LOCKED');
    expect(onStatus).toHaveBeenCalledWith('LOCKED');
    expect(screen.getByRole('combobox', { name: 'Action' })).toBeInTheDocument();
    expect(screen.queryByText('Action')).toBeNull();
    expect(screen.getByLabelText('From')).toHaveAttribute('type', 'date');
  });

  it('offers Reset filters only once something is set', () => {
    renderBar(false);
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
  });

  it('resets from the keyboard, then leaves the focus in the search box', async () => {
    const { onReset, user } = renderBar(true);
    screen.getByRole('button', { name: 'Reset filters' }).focus();
    await user.keyboard('{Enter}');
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveFocus();
  });
});
