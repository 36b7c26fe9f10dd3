import type { ReactNode } from 'react';

/**
 * A wide admin table under a header row of `columns`, that scrolls sideways inside its card on a narrow screen, never
 * the page. The scrolling region is focusable and named, so a keyboard can scroll it too. `children` are the rows.
 */
export function TableFrame({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    // `relative`: the cells' visually hidden text (sr-only, absolutely positioned) is placed and clipped in here too,
    // or it would sit at the wide table's far edge outside the frame and make the whole page scroll sideways.
    <div role="region" aria-label={label} tabIndex={0} className="relative -mx-1 overflow-x-auto rounded-lg px-1">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const th = 'px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-vault-400 uppercase';
export const td = 'px-3 py-2 align-top text-vault-200';
