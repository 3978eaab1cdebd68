// A form's fields in a link: every input and select with an id below `root` whose
// value differs from its default goes into the view as `${prefix}${id}=value`
// (checkboxes as 1 / 0), and reads back the same way. The panels that own a form
// (Solve, Compare) use it, so a new control is in the link without more code.

const fields = (root) => [...root.querySelectorAll('input[id], select[id]')].filter((el) => el.type !== 'file' && el.type !== 'range');

function defaultOf(el) {
  if (el.dataset.viewDefault != null) return el.dataset.viewDefault;
  if (el.type === 'checkbox') return el.defaultChecked ? '1' : '0';
  if (el.tagName === 'SELECT') {
    const opt = [...el.options].find((o) => o.defaultSelected) || el.options[0];
    return opt ? opt.value : '';
  }
  return el.defaultValue;
}

const valueOf = (el) => (el.type === 'checkbox' ? (el.checked ? '1' : '0') : el.value);

/** Take the fields' values now as their defaults (call once the form is built). */
export function markDefaults(root) {
  for (const el of fields(root)) el.dataset.viewDefault = valueOf(el);
}

/** The fields of `root` that differ from their defaults, as {prefix + id: value}. */
export function formState(root, prefix) {
  const out = {};
  for (const el of fields(root)) {
    const v = valueOf(el);
    if (v !== defaultOf(el)) out[prefix + el.id] = v;
  }
  return out;
}

/** Set the fields of `root` from a view (absent keys: the default), firing 'change'. */
export function applyFormState(root, prefix, view) {
  for (const el of fields(root)) {
    const key = prefix + el.id;
    const v = key in view ? view[key] : defaultOf(el);
    if (valueOf(el) === v) continue;
    if (el.type === 'checkbox') el.checked = v === '1';
    else if (el.tagName === 'SELECT' && ![...el.options].some((o) => o.value === v)) continue;
    else el.value = v;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** A whole number from a view value, or `fallback` when absent or not a number. */
export function viewInt(view, key, fallback) {
  const n = Number(view[key]);
  return key in view && Number.isFinite(n) ? Math.round(n) : fallback;
}
