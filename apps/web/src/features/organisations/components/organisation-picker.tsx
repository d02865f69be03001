import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from 'react-bootstrap';
import { cn } from '@/lib/class-names';
import type { OrganisationOption } from '@/lib/organisation-tree';

type Props = {
  options: OrganisationOption[];
  value: number;
  onChange: (organisationId: number) => void;
  /** the organisations have not come yet: the list says it loads, not that none match */
  loading?: boolean;
};

/**
 * A searchable select (ARIA combobox): shows the current organisation; on focus it empties for
 * typing, with placeholder 'Organisations', and lists the matching organisations.
 */
export function OrganisationPicker({ options, value, onChange, loading = false }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null); // null: closed
  const [active, setActive] = useState(0);
  const open = query !== null;
  const matches = open
    ? options.filter((o) => o.name.toLowerCase().includes(query.toLowerCase()))
    : [];
  const optionId = (o: OrganisationOption) => `${listId}-${o.id}`;

  const search = (text: string) => {
    setQuery(text);
    setActive(0);
  };
  const choose = (option: OrganisationOption) => {
    setQuery(null);
    if (option.id !== value) onChange(option.id);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key as 'ArrowDown' | 'ArrowUp'];
    if (move) {
      event.preventDefault();
      if (!open) search('');
      else setActive((i) => Math.min(Math.max(i + move, 0), matches.length - 1));
    } else if (event.key === 'Enter' && matches[active]) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape') {
      setQuery(null);
    }
  };

  return (
    <div className="org-picker position-relative">
      <input
        type="text"
        role="combobox"
        className="form-select"
        aria-label={t('topBar.organisations')}
        placeholder={t('topBar.organisations')}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={matches[active] ? optionId(matches[active]) : undefined}
        autoComplete="off"
        value={query ?? options.find((o) => o.id === value)?.name ?? ''}
        onFocus={() => search('')}
        onClick={() => !open && search('')}
        onChange={(event) => search(event.target.value)}
        onBlur={() => setQuery(null)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('topBar.organisationList')}
          className="dropdown-menu show w-100"
        >
          {matches.map((option, index) => (
            <li
              key={option.id}
              id={optionId(option)}
              role="option"
              aria-selected={index === active}
              className={cn(
                'dropdown-item',
                index === active && 'active',
                option.id === value && 'fw-semibold',
              )}
              // mousedown, not click: keep the focus in the input so blur does not close first
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {option.label}
            </li>
          ))}
          {matches.length === 0 && (
            <li className="dropdown-item-text text-body-secondary">
              {/* Inside a listbox: the text, not a second live status. */}
              {loading ? (
                <>
                  <Spinner size="sm" className="me-2" aria-hidden />
                  {t('loading')}
                </>
              ) : (
                t('topBar.noOrganisations')
              )}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
