import { fold } from '../answers';
import { asText, lookupVariable, parseVariable, renderText, type VariableScope } from '../variables';

// CONDITIONAL steps: each condition compares a variable with a value (variables allowed in the
// value too); they are ANDed. Numbers compare as numbers when both sides are numbers.

export type Condition = { field: string; comparison: string; value: string };

function fieldValue(field: string, scope: VariableScope): string {
  const { name, fallback } = parseVariable(field.trim().replace(/^\{\{\s*|\s*\}\}$/g, ''));
  const value = asText(lookupVariable(name, scope));
  return value === '' && fallback !== null ? fallback : value;
}

export function compare(left: string, comparison: string, right: string): boolean {
  const [a, b] = [Number(left), Number(right)];
  const numeric = left.trim() !== '' && right.trim() !== '' && Number.isFinite(a) && Number.isFinite(b);
  switch (comparison) {
    case 'exact': return numeric ? a === b : fold(left) === fold(right);
    case '!exact': return !(numeric ? a === b : fold(left) === fold(right));
    case 'gt': return numeric ? a > b : fold(left) > fold(right);
    case 'gte': return numeric ? a >= b : fold(left) >= fold(right);
    case 'lt': return numeric ? a < b : fold(left) < fold(right);
    case 'lte': return numeric ? a <= b : fold(left) <= fold(right);
    case 'isnull': return left.trim() === '';
    case '!isnull': return left.trim() !== '';
    case 'icontains': return fold(left).includes(fold(right));
    case '!icontains': return !fold(left).includes(fold(right));
    default: return false;
  }
}

export function evaluate(conditions: Condition[], scope: VariableScope) {
  const checked = conditions.map((c) => {
    const left = fieldValue(c.field, scope);
    const right = renderText(c.value, scope).text;
    return { field: c.field, comparison: c.comparison, value: right, actual: left, passed: compare(left, c.comparison, right) };
  });
  return { passed: checked.every((c) => c.passed), checked };
}
