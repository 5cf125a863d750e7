import type { Ref, SelectHTMLAttributes } from 'react';
import { Select } from '@/components/ui/select';
import type { NamedCode } from '../api/types';

interface CountrySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly NamedCode[] | undefined;
  placeholder: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A select over a `GET /countries` list (countries or US states), with an empty first choice. */
export function CodeSelect({ options, placeholder, ...rest }: CountrySelectProps) {
  const items = [
    { value: '', label: options ? placeholder : 'Loading…' },
    ...(options ?? []).map((option) => ({ value: option.code, label: option.name })),
  ];
  return <Select {...rest} options={items} />;
}
