import { Pagination } from 'react-bootstrap';

/** Page links: first, previous, a window of page numbers around the current one, next, last. */
export function Pager({
  page,
  pages,
  onChange,
  label,
  window = 2,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  label: string;
  window?: number;
}) {
  if (pages <= 1) return null;
  const start = Math.max(1, Math.min(page - window, pages - 2 * window));
  const end = Math.min(pages, start + 2 * window);
  const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return (
    <nav aria-label={label}>
      <Pagination className="mb-0 flex-wrap">
        <Pagination.First disabled={page === 1} onClick={() => onChange(1)} />
        <Pagination.Prev disabled={page === 1} onClick={() => onChange(page - 1)} />
        {numbers.map((n) => (
          <Pagination.Item key={n} active={n === page} onClick={() => onChange(n)}>
            {n}
          </Pagination.Item>
        ))}
        <Pagination.Next disabled={page === pages} onClick={() => onChange(page + 1)} />
        <Pagination.Last disabled={page === pages} onClick={() => onChange(pages)} />
      </Pagination>
    </nav>
  );
}
