import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';
import { fieldClass } from './input';

/** A native select in the vault style: native keeps keyboard, screen reader and mobile pickers for free. */
export function Select({
  className,
  ref,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={cn(fieldClass, 'h-10 pr-8', className)} {...rest} />;
}
