#!/usr/bin/env python3
"""Checks the tables in doc/*.md against the results they report (issue 46).

Every Markdown table with a number outside its first column is preceded, at most two
non-blank lines above it, by an HTML comment that names where its numbers come from. The
check recomputes each cell from the committed CSV files and compares it at the precision the
doc prints it (10.8 matches 10.79, 18,657 matches 18657.4; bold, %, units are ignored;
rounding through one more digit is accepted: 8.48 matches 8.47498 by way of 8.475; a whole
number of four digits or more is read to its last non-zero digit: 2450 matches 2454.55).

The comment's little language, one statement a line:

  <!-- data: results/fig1/permutation/results.csv     one or more files (globs), read as one
                                                       (.jsonl: one run a line, .json:
                                                       one run, as a sweep's runs/; nested
                                                       fields as max_queue_packets.agg-up);
                                                       NAME=PATH names a source for @NAME
    key: scheme                     the first column's cell is matched against the field
                                    (key: scheme, msg_bytes: the first two columns); a cell is
                                    matched case-insensitively, spaces read as '-', "1 MiB" as
                                    1048576; an empty key cell repeats the row above's
    where: msg_bytes=1048576 run<=3 filters for every cell (FIELD=V, FIELD=V1|V2, FIELD!=V,
                                    FIELD<V, <=, >, >=; a value may be empty: vary_value=)
    row "switch AR": scheme=switch-ar     a row's filters in place of its key (any row);
    row "a2a": @a2a run=1                 @NAME: the row's source, over its columns' ones
    row "k=4 | 7B": @quick vary_value=llama3-7b   a row named by its first cells
    "CCT increase %": mean cct_increase_pct     a column (its header, as printed) ...
    #3: msg_bytes=16777216 max max_queue_pkts   ... or its position, 1-based
    "runs 1, 2, 3": values cct_increase_pct
    "CCT us": @study mean cct_ns / 1000
    "runs" row "ecmp": count run             one cell's value, over its column's (its own
                                             @NAME over its row's)
    "hosts": none (a parameter, not a result)  a column that is not a result
    "16 MiB Swift": missing (why; the command that makes the data)
    missing: row "ofan" (why)        cells with no committed data: reported by --missing
    missing: "x" row "ofan" (why)    (a column, "x" or #N, a row, or one cell; none: likewise)
  -->

A column's value: optional @NAME (the source), filters, then an expression of terms joined
left to right by * / + - (no precedence), parts separated by ',' (their numbers side by
side: "9/10" is "count run if messages_completed=$messages , count run"; a part may start
with @NAME and filters of its own): a number, or AGGREGATE FIELD over the matching CSV rows,
optionally narrowed by "if FILTER...". A filter's value $FIELD is that row's FIELD.
Aggregates: mean, min, max, median, sum, count, sd, p99 (nearest rank), value (the one value
every row has), first (the first row's), and three that give several numbers, compared with
the cell's numbers in order: range (min, max: "1.6-2.0"), mean-range (mean, min, max:
"1.80 (1.6-2.0)"; a cell may print the mean alone where both ends print as it), values (each
row's, in file order: "1, 2, 3" or "1 / 2 / 3"). Each number in a cell is compared with the
expected one at its place; numbers past the expected ones (a "(3 runs)" note) are not
compared. A cell with no number (empty, "-", "not run") is not.

  <!-- data: none (why) -->                a table that reports no results (flags, models)
  <!-- data: missing (why; the command that makes the data) -->
                                          a table none of whose numbers are in results/
  <!-- data: prose                         a table of prose cells, one entry a row:
    row "1 every scheme": results/fig1     the results directories (or files) it rests on
  -->

Usage: tools/check-doc-tables.py [--lenient | --list | --missing] [ROOT]
  (default)   fails on every problem: a wrong number, a malformed comment, a file that is not
              there, a table with numbers and no comment, a cell marked missing
  --lenient   fails only on wrong numbers, malformed comments and files that are not there;
              tables with no comment and missing cells are counted (the CTest mode)
  --list      lists the tables marked data: none, and why
  --missing   lists the cells marked missing (MISSING DATA), and how to make them
"""

import csv
import glob
import json
import math
import os
import re
import statistics
import sys

SIZE = re.compile(r"^(\d+(?:\.\d+)?)\s*(b|kib|mib|gib|kb|mb|gb)$")
SIZE_FACTOR = {"b": 1, "kib": 1024, "mib": 1 << 20, "gib": 1 << 30, "kb": 1000, "mb": 10**6,
               "gb": 10**9}
AGGREGATES = {"mean", "min", "max", "median", "sum", "count", "sd", "p99", "value", "first",
              "range", "mean-range", "values"}


class Malformed(Exception):
    """A comment the check cannot read."""


class Unreadable(Exception):
    """A results file the check cannot read as runs."""


def run_record(text, path):
    """One run's JSON object as a CSV row; Unreadable names the file when it is not one."""
    try:
        record = json.loads(text)
    except ValueError as problem:
        raise Unreadable(f"{os.path.basename(path)}: not JSON ({problem})") from None
    if not isinstance(record, dict):
        raise Unreadable(f"{os.path.basename(path)}: a run is a JSON object")
    return flatten(record)


def clean(text):
    """A cell's text without Markdown emphasis and code marks."""
    return re.sub(r"\*\*|`|__", "", text).strip()


def cell_numbers(text):
    """The numbers a cell prints, each with its decimals: [(value, decimals)]."""
    out = []
    text = clean(text)
    # A sign only where no digit precedes it: "1.6-2.0" is two numbers and a dash.
    for match in re.finditer(r"(?<![\w.])([-+]?)((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?)"
                             r"(?![\w.]\d)", text):
        sign, body, decimals = match.group(1), match.group(2), match.group(3)
        value = float(body.replace(",", ""))
        out.append((-value if sign == "-" else value, len(decimals) if decimals else 0))
    return out


def split_row(line):
    """The cells of a table line."""
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", line)]


def normalise_key(text):
    """A key cell or CSV value as compared: lower case, spaces as '-', sizes in bytes."""
    text = clean(text).lower().strip()
    size = SIZE.match(text)
    if size:
        return str(int(float(size.group(1)) * SIZE_FACTOR[size.group(2)]))
    try:
        value = float(text)
        return str(int(value)) if value == int(value) else repr(value)
    except ValueError:
        return re.sub(r"\s+", "-", text)


def flatten(record, prefix=""):
    """A JSON run as a CSV row: nested fields as PARENT.CHILD, every value as text."""
    row = {}
    for name, value in record.items():
        if isinstance(value, dict):
            row.update(flatten(value, f"{prefix}{name}."))
        elif isinstance(value, list):
            continue
        else:
            row[f"{prefix}{name}"] = "" if value is None else (
                str(value).lower() if isinstance(value, bool) else str(value))
    return row


def parse_filter(token):
    match = re.match(r"^([A-Za-z_][\w.\-]*?)(!=|<=|>=|=|<|>)(.*)$", token)
    if not match:
        return None
    return match.group(1), match.group(2), match.group(3)


def row_passes(row, filters):
    for field, op, value in filters:
        if field not in row:
            raise Malformed(f"no field '{field}' in the data")
        have = row[field]
        if value.startswith("$"):
            if value[1:] not in row:
                raise Malformed(f"no field '{value[1:]}' in the data")
            value = row[value[1:]]
        if op in ("=", "!="):
            alternatives = value.split("|")
            hit = any(have == v or (_float(have) is not None and _float(have) == _float(v))
                      for v in alternatives)
            if hit != (op == "="):
                return False
        else:
            a, b = _float(have), _float(value)
            if a is None or b is None:
                return False
            if not {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]:
                return False
    return True


def _float(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


class RangeEnd(float):
    """An end of a mean-range: a cell may leave the range out where it prints as the mean."""


def aggregate(name, field, rows):
    """AGGREGATE FIELD over rows: a list of numbers, or None when no row has a value."""
    if rows and field not in rows[0]:
        raise Malformed(f"no field '{field}' in the data")
    if name == "count":
        return [float(sum(1 for r in rows if r[field] != ""))]
    values = [_float(r[field]) for r in rows if r[field] != ""]
    if any(v is None for v in values):
        raise Malformed(f"field '{field}' is not numeric")
    if not values:
        return None
    if name == "mean":
        return [statistics.fmean(values)]
    if name == "min":
        return [min(values)]
    if name == "max":
        return [max(values)]
    if name == "median":
        return [statistics.median(values)]
    if name == "sum":
        return [math.fsum(values)]
    if name == "sd":
        return [statistics.stdev(values) if len(values) > 1 else 0.0]
    if name == "p99":
        ordered = sorted(values)
        return [ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]]
    if name == "value":
        if len(set(values)) != 1:
            raise Malformed(f"'value {field}': the rows differ ({min(values)}-{max(values)})")
        return [values[0]]
    if name == "first":
        return [values[0]]
    if name == "range":
        return [min(values), max(values)]
    if name == "mean-range":
        return [statistics.fmean(values), RangeEnd(min(values)), RangeEnd(max(values))]
    if name == "values":
        return values
    raise Malformed(f"unknown aggregate '{name}'")


def pick(table, names, default):
    """The first of a row's names that the table holds: its value, or the default."""
    for name in names:
        if name in table:
            return table[name]
    return default


def combine(op, left, right):
    if len(left) != len(right) and len(left) != 1 and len(right) != 1:
        raise Malformed(f"'{op}' between {len(left)} and {len(right)} numbers")
    n = max(len(left), len(right))
    a = left * n if len(left) == 1 else left
    b = right * n if len(right) == 1 else right
    out = []
    for x, y in zip(a, b):
        if op == "*":
            value = x * y
        elif op == "/":
            value = x / y if y != 0 else math.inf
        elif op == "+":
            value = x + y
        else:
            value = x - y
        out.append(RangeEnd(value) if isinstance(x, RangeEnd) else value)
    return out


class Spec:
    """One column's (or row's) value: its source, filters and expression."""

    def __init__(self, text):
        self.source = None
        self.filters = []
        self.terms = []  # [op, ('number', x) | ('agg', name, field, filters, source)]
        tokens = text.split()
        if tokens and tokens[0].startswith("@"):
            self.source = tokens.pop(0)[1:]
        while tokens and parse_filter(tokens[0]):
            self.filters.append(parse_filter(tokens.pop(0)))
        op = None
        part_filters = []  # a ','-part's own filters, written at its start
        part_source = None  # and its own source
        while tokens:
            token = tokens.pop(0)
            if op is None and self.terms:
                if token not in ("*", "/", "+", "-", ","):
                    raise Malformed(f"expected * / + - , before '{token}'")
                op = token
                if op == ",":
                    part_filters, part_source = [], None
                    if tokens and tokens[0].startswith("@"):
                        part_source = tokens.pop(0)[1:]
                    while tokens and parse_filter(tokens[0]):
                        part_filters.append(parse_filter(tokens.pop(0)))
                continue
            if _float(token) is not None:
                self.terms.append((op, ("number", float(token))))
            elif token in AGGREGATES:
                if not tokens:
                    raise Malformed(f"'{token}' names no field")
                field = tokens.pop(0)
                filters = list(part_filters)
                if tokens and tokens[0] == "if":
                    tokens.pop(0)
                    while tokens and parse_filter(tokens[0]):
                        filters.append(parse_filter(tokens.pop(0)))
                    if not filters:
                        raise Malformed(f"'{token} {field} if' names no filter")
                self.terms.append((op, ("agg", token, field, filters, part_source)))
            else:
                raise Malformed(f"'{token}' is neither a number, a filter nor an aggregate")
            op = None
        if not self.terms:
            raise Malformed(f"no value in '{text}'")
        if op is not None:
            raise Malformed(f"'{text}' ends with '{op}'")

    def evaluate(self, select):
        """The expected numbers: each ','-separated part left to right, side by side; select
        gives the rows of a source (None: the column's) that the row and column filters pass."""
        out, result = [], None
        for op, term in self.terms:
            if op == ",":
                out += result
                op, result = None, None
            if term[0] == "number":
                value = [term[1]]
            else:
                value = aggregate(term[1], term[2],
                                  [r for r in select(term[4]) if row_passes(r, term[3])])
            if value is None:
                return None
            result = value if op is None else combine(op, result, value)
        return out + result


def matches(expected, printed):
    """Whether the doc's number is the expected one at the precision it prints, rounded
    once or through one more digit (8.47498 prints as 8.47 or, from a summary's 8.475, 8.48)."""
    value, decimals = printed
    if math.isinf(expected) or math.isnan(expected):
        return False
    if decimals == 0 and abs(value) >= 1000:
        # A whole number of four digits or more is read to its last non-zero digit: 1270 is
        # three significant figures.
        digits = str(int(abs(value)))
        decimals = -(len(digits) - len(digits.rstrip("0")))
    return abs(expected - value) <= 0.55 * 10 ** -decimals * (1 + 1e-9) + 1e-12


def cell_matches(expected, printed):
    """Whether a cell prints the expected numbers in order; past them it may print more, and
    a mean's range may be left out where both its ends print as the mean ("0.86%")."""
    def walk(i, at, mean):
        if i == len(expected):
            return True
        value = expected[i]
        if at < len(printed) and matches(value, printed[at]) and walk(
                i + 1, at + 1, mean if isinstance(value, RangeEnd) else printed[at]):
            return True
        return (isinstance(value, RangeEnd) and mean is not None and matches(value, mean)
                and walk(i + 1, at, mean))

    return walk(0, 0, None)


def show(values):
    return ", ".join(f"{v:.6g}" if abs(v) < 1e6 else f"{v:.0f}" for v in values)


class Checker:
    def __init__(self, root):
        self.root = root
        self.csv_cache = {}
        self.errors = []  # lines: failures in every mode
        self.unannotated = []
        self.missing = []
        self.none = []
        self.tables = 0
        self.annotated = 0
        self.cells = 0
        self.mismatches = []  # (doc, line, column index, expected numbers)

    def read_csv(self, pattern):
        paths = sorted(glob.glob(os.path.join(self.root, pattern)))
        if not paths:
            raise FileNotFoundError(pattern)
        rows = []
        for path in paths:
            if path not in self.csv_cache:
                with open(path, newline="") as handle:
                    if path.endswith(".jsonl"):
                        self.csv_cache[path] = [run_record(line, path)
                                                for line in handle if line.strip()]
                    elif path.endswith(".json"):
                        self.csv_cache[path] = [run_record(handle.read(), path)]
                    else:
                        self.csv_cache[path] = list(csv.DictReader(handle))
            rows.extend(self.csv_cache[path])
        return rows

    def check_file(self, path):
        with open(path) as handle:
            lines = handle.read().split("\n")
        rel = os.path.relpath(path, self.root)
        i = 0
        while i < len(lines):
            if lines[i].startswith("|") and i + 1 < len(lines) and re.match(
                    r"^\|?\s*:?-{3,}", lines[i + 1]):
                start = i
                while i < len(lines) and lines[i].startswith("|"):
                    i += 1
                self.check_table(rel, lines, start, i)
            else:
                i += 1

    def comment_above(self, lines, start):
        """The data comment ending at most two non-blank lines above a table: (line, text)."""
        j = start - 1
        seen = 0
        while j >= 0 and seen < 3:
            if lines[j].strip() == "":
                j -= 1
                continue
            if lines[j].rstrip().endswith("-->"):
                end = j
                while j >= 0 and "<!--" not in lines[j]:
                    j -= 1
                if j < 0:
                    return None
                text = "\n".join(lines[j:end + 1])
                body = text[text.index("<!--") + 4:text.rindex("-->")].strip()
                if body.startswith("data:"):
                    return j + 1, body[len("data:"):]
                return None
            seen += 1
            j -= 1
        return None

    def check_table(self, rel, lines, start, end):
        self.tables += 1
        header = split_row(lines[start])
        rows = [(n + 1, split_row(lines[n])) for n in range(start + 2, end)]
        numeric = any(cell_numbers(cell) for _, cells in rows for cell in cells[1:])
        where = f"{rel}:{start + 1}"
        title = " | ".join(header)[:60]
        found = self.comment_above(lines, start)
        if found is None:
            if numeric:
                self.unannotated.append(f"{where}: a table with numbers and no data comment: "
                                        f"| {title}")
            return
        self.annotated += 1
        comment_line, body = found
        try:
            self.check_annotated(rel, comment_line, body, header, rows, where, title)
        except Malformed as problem:
            self.errors.append(f"{rel}:{comment_line}: malformed data comment: {problem}")

    def check_annotated(self, rel, comment_line, body, header, rows, where, title):
        statements = [s.strip() for s in body.split("\n")]
        first = statements[0]
        statements = [s for s in statements[1:] if s and not s.startswith("# ")]
        if first.startswith("none"):
            reason = first[len("none"):].strip()
            if not reason.startswith("("):
                raise Malformed("'data: none' needs a reason in parentheses")
            self.none.append(f"{where}: | {title} -- {reason}")
            return
        if first.startswith("missing"):
            reason = first[len("missing"):].strip()
            if not reason.startswith("("):
                raise Malformed("'data: missing' needs the why and the command in parentheses")
            for _, cells in rows:
                if any(cell_numbers(cell) for cell in cells[1:]):
                    self.add_missing(where, "every column", clean(cells[0]), reason)
            return
        if first == "prose":
            self.check_prose(statements, rows, where)
            return
        sources = {}
        for token in first.split():
            name, _, pattern = token.rpartition("=")
            sources.setdefault(name, []).append(pattern)
        if not sources:
            raise Malformed("'data:' names no file")
        data = {}
        for name, patterns in sources.items():
            data[name] = []
            for pattern in patterns:
                try:
                    data[name].extend(self.read_csv(pattern))
                except FileNotFoundError:
                    self.errors.append(f"{rel}:{comment_line}: {pattern}: no such results file")
                    return
                except Unreadable as problem:
                    self.errors.append(f"{rel}:{comment_line}: {pattern}: {problem}")
                    return
        keys, common, row_filters, row_sources, columns, marks = [], [], {}, {}, {}, []
        cell_specs = {}  # (column index, row key): Spec
        for statement in statements:
            match = re.match(r'^(key|where):\s*(.*)$', statement)
            if match and match.group(1) == "key":
                keys = [k.strip() for k in match.group(2).split(",") if k.strip()]
                continue
            if match:
                for token in match.group(2).split():
                    parsed = parse_filter(token)
                    if not parsed:
                        raise Malformed(f"'{token}' is not a filter")
                    common.append(parsed)
                continue
            match = re.match(r'^(missing|none):\s*(?:(?:"([^"]*)"|#(\d+))\s*)?'
                             r'(?:row\s+"([^"]*)"\s*)?(\(.*\))$', statement)
            if match:
                column = int(match.group(3)) - 1 if match.group(3) else match.group(2)
                marks.append((match.group(1), column, match.group(4), match.group(5)))
                continue
            match = re.match(r'^row\s+"([^"]*)":\s*(.*)$', statement)
            if match:
                tokens = match.group(2).split()
                if tokens and tokens[0].startswith("@"):
                    row_sources[match.group(1)] = tokens.pop(0)[1:]
                filters = [parse_filter(t) for t in tokens]
                if not all(filters):
                    raise Malformed(f"row \"{match.group(1)}\": not filters: {match.group(2)}")
                row_filters[match.group(1)] = filters
                continue
            match = re.match(r'^(?:"([^"]*)"|#(\d+))\s+row\s+"([^"]*)":\s*(.*)$', statement)
            if match:
                index = self.column_index(header, match.group(1), match.group(2))
                cell_specs[(index, match.group(3))] = Spec(match.group(4))
                continue
            match = re.match(r'^(?:"([^"]*)"|#(\d+)):\s*(.*)$', statement)
            if match:
                index = self.column_index(header, match.group(1), match.group(2))
                value = match.group(3).strip()
                kind = value.split()[0] if value else ""
                if kind in ("missing", "none"):
                    marks.append((kind, index, None, value[len(kind):].strip()))
                    columns[index] = None
                else:
                    columns[index] = Spec(value)
                continue
            raise Malformed(f"cannot read '{statement}'")
        for n, (kind, column, row, reason) in enumerate(marks):
            if isinstance(column, str):
                marks[n] = (kind, self.column_index(header, column, None), row, reason)
        previous = []
        for line, cells in rows:
            filled = []  # the row's cells, an empty one repeating the row above's
            for n, cell in enumerate(cells):
                filled.append(cell if clean(cell) else
                              (previous[n] if n < len(previous) else ""))
            previous = filled
            key_cells = filled[:max(1, len(keys))]
            row_name = clean(cells[0]) if cells else ""
            row_key = " ".join(clean(c) for c in key_cells)
            # A row line names the row by its first cell, or by its first cells: "k=4 | 7B".
            names = [row_key, row_name] + [" | ".join(clean(c) for c in filled[:n])
                                           for n in range(2, min(4, len(filled)) + 1)]
            for index in range(len(keys) if keys else 1, len(header)):
                cell = cells[index] if index < len(cells) else ""
                printed = cell_numbers(cell)
                column = clean(header[index])
                mark = self.mark_for(marks, index, names)
                if mark:
                    if printed and mark[0] == "missing":
                        self.add_missing(where, f"column \"{column}\"", row_key, mark[1])
                    continue
                cell_spec = pick({name: spec for (i, name), spec in cell_specs.items()
                                  if i == index}, names, None)
                spec = cell_spec or columns.get(index)
                if spec is None:
                    if printed:
                        raise Malformed(f"column \"{column}\" has numbers and no source "
                                        f"(a \"{column}\": line, or none/missing)")
                    continue
                if not printed:
                    continue
                filters = list(common)
                named = pick(row_filters, names, None)
                if named is not None:
                    filters += named
                elif keys:
                    filters += [(k, "key", normalise_key(c)) for k, c in zip(keys, key_cells)]
                else:
                    raise Malformed(f"row \"{row_name}\": no key and no row line")
                # A cell's own source comes first, then its row's, then its column's.
                column_source = (cell_spec.source if cell_spec and cell_spec.source
                                 else pick(row_sources, names, spec.source))

                def select(part_source, filters=filters, spec=spec, default=column_source):
                    source = part_source or default or ""
                    if source not in data:
                        raise Malformed(f"no source @{source}" if source else
                                        "columns need @NAME: the files are named")
                    return [r for r in data[source]
                            if self.key_passes(r, filters) and row_passes(r, spec.filters)]

                self.cells += 1
                expected = spec.evaluate(select)
                if expected is None:
                    self.errors.append(f"{where}: line {line} row \"{row_key}\" column "
                                       f"\"{column}\": {clean(cell)} but no run in the data "
                                       "matches")
                    continue
                if not cell_matches(expected, printed):
                    self.errors.append(f"{where}: line {line} row \"{row_key}\" column "
                                       f"\"{column}\": doc {clean(cell)}, data {show(expected)}")
                    self.mismatches.append((rel, line, index, expected))

    def add_missing(self, where, columns, row, reason):
        """Cells with no committed data, gathered a table and reason: (where, columns, rows,
        reason)."""
        for entry in self.missing:
            if entry[0] == where and entry[3] == reason:
                break
        else:
            entry = (where, [], [], reason)
            self.missing.append(entry)
        for name, names in ((columns, entry[1]), (row, entry[2])):
            if name not in names:
                names.append(name)

    @staticmethod
    def column_index(header, name, number):
        """A column named by its header (once in it) or by #N."""
        if number:
            index = int(number) - 1
            if not 0 <= index < len(header):
                raise Malformed(f"no column #{number}")
            return index
        heads = [n for n, h in enumerate(header) if clean(h) == name]
        if len(heads) != 1:
            raise Malformed(f"column \"{name}\" is {'not in' if not heads else 'twice in'} "
                            "the header (use #N)")
        return heads[0]

    @staticmethod
    def key_passes(row, filters):
        plain = []
        for field, op, value in filters:
            if op == "key":
                if field not in row:
                    raise Malformed(f"no key field '{field}' in the data")
                if normalise_key(row[field]) != value:
                    return False
            else:
                plain.append((field, op, value))
        return row_passes(row, plain)

    @staticmethod
    def mark_for(marks, column, names):
        for kind, mark_column, mark_row, reason in marks:
            if mark_column is not None and mark_column != column:
                continue
            if mark_row is not None and mark_row not in names:
                continue
            return kind, reason
        return None

    def check_prose(self, statements, rows, where):
        """A prose table: each row names results that are there."""
        named = {}
        for statement in statements:
            match = re.match(r'^row\s+"([^"]*)":\s*(.+)$', statement)
            if not match:
                raise Malformed(f"a prose table takes row \"KEY\": PATHS lines, not '{statement}'")
            named[match.group(1)] = match.group(2).split()
        for line, cells in rows:
            key = clean(cells[0])
            if key not in named:
                self.errors.append(f"{where}: line {line} row \"{key}\": names no results")
                continue
            for path in named.pop(key):
                if not glob.glob(os.path.join(self.root, path)):
                    self.errors.append(f"{where}: line {line} row \"{key}\": {path} is not there")
        for key in named:
            raise Malformed(f"row \"{key}\" is not in the table")


def main(argv):
    mode = "strict"
    args = list(argv)
    if args and args[0] in ("--lenient", "--list", "--missing"):
        mode = args.pop(0)[2:]
    if args and args[0].startswith("-"):
        print(__doc__.split("Usage:")[1].strip(), file=sys.stderr)
        return 2
    root = args[0] if args else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    checker = Checker(root)
    for path in sorted(glob.glob(os.path.join(root, "doc", "*.md"))):
        checker.check_file(path)
    if mode == "list":
        print("\n".join(checker.none))
        return 0
    missing = [f"{where}: MISSING DATA in {', '.join(columns)}; rows {', '.join(rows)}: {reason}"
               for where, columns, rows, reason in checker.missing]
    if mode == "missing":
        print("\n".join(missing))
        return 0
    for line in checker.errors:
        print(f"check-doc-tables: {line}", file=sys.stderr)
    if mode == "strict":
        for line in checker.unannotated + missing:
            print(f"check-doc-tables: {line}", file=sys.stderr)
    summary = (f"check-doc-tables: {checker.tables} tables, {checker.annotated} with a data "
               f"comment, {checker.cells} cells recomputed, {len(checker.errors)} problems; "
               f"{len(checker.unannotated)} tables with numbers and no comment, "
               f"{len(checker.missing)} groups of cells with no committed data (--missing)")
    sys.stderr.flush()
    print(summary)
    failed = checker.errors or (mode == "strict" and (checker.unannotated or checker.missing))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
