import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';
import { fieldClass } from './input';

export function Textarea({
  className,
  ref,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={cn(fieldClass, 'min-h-24 py-2', className)} {...rest} />;
}
