import { saverName, settingsStatusFor } from './shown-saver';

describe('who saved the settings, as shown', () => {
  it('names the saver by first and last name, else username, never by email', () => {
    expect(saverName({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
    expect(saverName({ firstname: ' Ada ', lastname: null, email: 'ada@example.com' })).toBe('Ada');
    expect(saverName({ firstname: '', username: 'ada', email: 'ada@example.com' })).toBe('ada');
    expect(saverName({ id: 7, email: 'ada@example.com' })).toBe('admin user 7');
    expect(saverName({ email: 'ada@example.com' })).toBeUndefined();
    expect(saverName(undefined)).toBeUndefined();
  });

  it('shows an email recorded by an earlier version only to roles that may read admin users', () => {
    const legacy = { source: 'admin' as const, updatedAt: 't', updatedBy: 'ada@example.com' };
    expect(settingsStatusFor(legacy, false)).toEqual({ source: 'admin', updatedAt: 't' });
    expect(settingsStatusFor(legacy, true)).toEqual(legacy);
    const named = { source: 'admin' as const, updatedBy: 'Ada Lovelace' };
    expect(settingsStatusFor(named, false)).toBe(named);
  });
});
