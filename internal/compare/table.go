package compare

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Table prints instances as text: a header, one row per instance, and,
// after a blank line, the summary per backend. Every cell is one word
// with no space in it, so each line splits into its columns with
// strings.Fields. A time cell is a duration that time.ParseDuration reads
// ("1.23ms", "456µs"), or the run's status when it was not definite
// ("timeout", "too_large", "error", "wrong_answer"); a run that proved
// there is no solution shows its time, and the result column says
// no_solution.
type Table struct {
	backends []string
	fileW    int
	hasSize  bool
}

// NewTable returns the table of instances from files (the names as they
// will be printed) solved by backends; hasSize adds the size column.
// Backend "dfs" shows its search nodes, every other backend its SAT
// conflicts and decisions.
func NewTable(backends []string, files []string, hasSize bool) *Table {
	t := &Table{backends: backends, fileW: len("file"), hasSize: hasSize}
	for _, f := range files {
		t.fileW = max(t.fileW, len(f))
	}
	return t
}

// counterWidth is the narrowest counter column: ten digits.
const counterWidth = 10

// timeWidth fits every time cell: "123.4ms", "wrong_answer".
const timeWidth = 12

// Header returns the header line.
func (t *Table) Header() string {
	var b strings.Builder
	t.lead(&b, "file", "case", "size")
	for _, name := range t.backends {
		fmt.Fprintf(&b, " %*s", timeWidth, name)
		for _, c := range counters(name) {
			h := name + "." + c
			fmt.Fprintf(&b, " %*s", max(counterWidth, len(h)), h)
		}
	}
	fmt.Fprintf(&b, "  %-11s %s\n", "result", "winner")
	return b.String()
}

// Row returns the line of one instance.
func (t *Table) Row(in *Instance) string {
	var b strings.Builder
	size := "-"
	if in.Size > 0 {
		size = fmt.Sprint(in.Size)
	}
	t.lead(&b, in.File, fmt.Sprint(in.Case), size)
	for i, name := range t.backends {
		r := in.Runs[i]
		cell := string(r.Status)
		if r.Status.Definite() {
			cell = Short(r.Time)
		}
		fmt.Fprintf(&b, " %*s", timeWidth, cell)
		for _, c := range counters(name) {
			fmt.Fprintf(&b, " %*d", max(counterWidth, len(name)+1+len(c)), r.counter(c))
		}
	}
	winner := "-"
	if w := in.Winner(); w >= 0 {
		winner = t.backends[w]
	}
	fmt.Fprintf(&b, "  %-11s %s\n", in.Result(), winner)
	return b.String()
}

// lead writes the columns that name the instance.
func (t *Table) lead(b *strings.Builder, file, kase, size string) {
	fmt.Fprintf(b, "%-*s %5s", t.fileW, file, kase)
	if t.hasSize {
		fmt.Fprintf(b, " %6s", size)
	}
}

// Summary returns the summary lines, a header first.
func (t *Table) Summary(ss []Summary) string {
	w := len("backend")
	for _, s := range ss {
		w = max(w, len(s.Backend))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s %11s %9s %9s %9s %6s\n", w, "backend", "solved", "median", "p90", "worst", "wins")
	for _, s := range ss {
		fmt.Fprintf(&b, "%-*s %11s %9s %9s %9s %6d\n", w, s.Backend, fmt.Sprintf("%d/%d", s.Solved, s.Total),
			quantileCell(s.Median), quantileCell(s.P90), quantileCell(s.Worst), s.Wins)
	}
	return b.String()
}

func quantileCell(d time.Duration) string {
	if d == Unbounded {
		return "-"
	}
	return Short(d)
}

// counters names the work counters a backend's columns show.
func counters(backend string) []string {
	if backend == "dfs" {
		return []string{"nodes"}
	}
	return []string{"conflicts", "decisions"}
}

// counter returns the counter named c.
func (r *Run) counter(c string) int64 {
	switch c {
	case "nodes":
		return r.Nodes
	case "conflicts":
		return r.Conflicts
	}
	return r.Decisions
}

// Short prints d with three significant digits, as time.Duration spells
// it, such as "1.23ms", "456µs" or "12.3s": one word, which
// time.ParseDuration reads back.
func Short(d time.Duration) string {
	if d <= 0 {
		return "0s"
	}
	digits := int(math.Floor(math.Log10(float64(d)))) + 1
	if digits > 3 {
		unit := time.Duration(math.Pow10(digits - 3))
		d = d.Round(unit)
	}
	return d.String()
}
