import { useState } from 'react'
import { Button } from './button'
import { Field, NativeSelect, TextInput } from './field'

/** One filter select of a list: `?name=value` in the URL, '' meaning "any". */
export interface ListFilter<F extends string> {
  name: F
  label: string
  /** The first option, for no filter ('All kinds'). */
  anyLabel: string
  /** value → label */
  options: Readonly<Record<string, string>>
}

/** What the toolbar needs of a list's URL state (lib/use-list-params.ts). */
interface ListState<F extends string> {
  params: { q: string; filters: Record<F, string> }
  setQuery: (q: string) => void
  setFilter: (name: F, value: string) => void
}

/**
 * The toolbar above a back-office list: a search box, sent with its button (typing does not reload
 * the list), and one select per filter, each applied as soon as it changes. Both live in the URL
 * through the list's useListParams, so a reload or a shared link shows the same rows.
 */
export function ListToolbar<F extends string = never>({
  label,
  searchLabel,
  placeholder,
  list,
  filters = [],
}: {
  /** Names the search landmark. */
  label: string
  searchLabel: string
  placeholder?: string
  list: ListState<F>
  filters?: readonly ListFilter<F>[]
}) {
  const [draft, setDraft] = useState(list.params.q)
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 md:flex-row md:items-end">
      <search aria-label={label} className="block min-w-0 flex-1">
        <form
          onSubmit={(e) => {
            e.preventDefault()
            list.setQuery(draft)
          }}
          className="flex items-end gap-2"
        >
          <Field label={searchLabel} className="flex-1">
            {(control) => (
              <TextInput
                {...control}
                type="search"
                value={draft}
                placeholder={placeholder}
                onChange={(e) => setDraft(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>
      </search>
      {filters.map((filter) => (
        <Field key={filter.name} label={filter.label} className="md:min-w-40">
          {(control) => (
            <NativeSelect
              {...control}
              value={list.params.filters[filter.name]}
              onChange={(e) => list.setFilter(filter.name, e.target.value)}
            >
              <option value="">{filter.anyLabel}</option>
              {Object.entries(filter.options).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ))}
    </div>
  )
}
