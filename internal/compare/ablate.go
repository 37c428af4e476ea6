package compare

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Config is one configuration of an ablation: a backend with one
// technique switched, or a backend's default, against which the others
// of that backend are measured.
type Config struct {
	Name     string // "dfs", "dfs -memo", "sat amo=pairwise"
	Base     int    // the index of the default configuration it is measured against; its own for a default
	Category string // the switched pruning's category, "encoding", or "default"
}

// Ablation reports runs of configurations on instances: the Runs of
// every Instance are the configurations', in order.
type Ablation struct {
	Configs []Config
	fileW   int
	hasSize bool
}

// NewAblation returns the report of configs on instances of files (the
// names as printed); hasSize adds the size column.
func NewAblation(configs []Config, files []string, hasSize bool) *Ablation {
	a := &Ablation{Configs: configs, fileW: len("file"), hasSize: hasSize}
	for _, f := range files {
		a.fileW = max(a.fileW, len(f))
	}
	return a
}

// work returns the run's work: DFS nodes, else SAT conflicts.
func work(r Run) int64 {
	if r.Nodes > 0 {
		return r.Nodes
	}
	return r.Conflicts
}

// Ratio is one run's figure against its default's: Value, or at least
// Value when the run timed out (Bounded), or undefined (Defined false)
// when the default did not settle the instance or had no work to count.
type Ratio struct {
	Value            float64
	Bounded, Defined bool
}

func (r Ratio) String() string {
	switch {
	case !r.Defined:
		return "-"
	case r.Bounded:
		return ">=" + ratioText(r.Value)
	}
	return ratioText(r.Value)
}

func ratioText(v float64) string {
	if v >= 100 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.3g", v)
}

// TimeRatio returns run c's time over its default's on in.
func (a *Ablation) TimeRatio(in *Instance, c int) Ratio {
	r, base := in.Runs[c], in.Runs[a.Configs[c].Base]
	if !base.Status.Definite() || base.Time <= 0 {
		return Ratio{}
	}
	switch {
	case r.Status.Definite():
		return Ratio{Value: r.Time.Seconds() / base.Time.Seconds(), Defined: true}
	case r.Status == Timeout:
		return Ratio{Value: r.Time.Seconds() / base.Time.Seconds(), Bounded: true, Defined: true}
	}
	return Ratio{}
}

// WorkRatio returns run c's work (nodes or conflicts) over its default's
// on in; undefined unless both settled it and the default did work.
func (a *Ablation) WorkRatio(in *Instance, c int) Ratio {
	r, base := in.Runs[c], in.Runs[a.Configs[c].Base]
	if !base.Status.Definite() || !r.Status.Definite() || work(base) == 0 {
		return Ratio{}
	}
	return Ratio{Value: float64(work(r)) / float64(work(base)), Defined: true}
}

// Header returns the header line.
func (a *Ablation) Header() string {
	var b strings.Builder
	a.lead(&b, "file", "case", "size")
	fmt.Fprintf(&b, " %-*s %12s %12s %9s %9s  %s\n", a.configW(), "config", "work", "time", "work_x", "time_x", "status")
	return b.String()
}

// Rows returns the lines of one instance, one per configuration.
func (a *Ablation) Rows(in *Instance) string {
	var b strings.Builder
	size := "-"
	if in.Size > 0 {
		size = fmt.Sprint(in.Size)
	}
	for c, conf := range a.Configs {
		r := in.Runs[c]
		a.lead(&b, in.File, fmt.Sprint(in.Case), size)
		t := string(r.Status)
		switch {
		case r.Status.Definite():
			t = Short(r.Time)
		case r.Status == Timeout:
			t = ">=" + Short(r.Time)
		}
		fmt.Fprintf(&b, " %-*s %12d %12s %9s %9s  %s\n", a.configW(), cell(conf.Name), work(r), t,
			a.WorkRatio(in, c), a.TimeRatio(in, c), r.Status)
	}
	return b.String()
}

// cell makes a configuration's name one word: "dfs -memo" as "dfs:-memo".
func cell(name string) string { return strings.ReplaceAll(name, " ", ":") }

func (a *Ablation) configW() int {
	w := len("config")
	for _, c := range a.Configs {
		w = max(w, len(c.Name))
	}
	return w
}

// lead writes the columns that name the instance.
func (a *Ablation) lead(b *strings.Builder, file, kase, size string) {
	fmt.Fprintf(b, "%-*s %5s", a.fileW, file, kase)
	if a.hasSize {
		fmt.Fprintf(b, " %6s", size)
	}
}

// AblationSummary is one configuration's figures over every instance:
// the geometric means and the worst of its time and work ratios to its
// default, each a lower bound (Bounded) when a timeout is among them.
type AblationSummary struct {
	Config
	Time, WorstTime, Work Ratio
	Timeouts              int // instances on which it timed out
	Instances             int // instances with a defined time ratio
}

// Summarise returns one summary per configuration of ins.
func (a *Ablation) Summarise(ins []Instance) []AblationSummary {
	out := make([]AblationSummary, len(a.Configs))
	for c, conf := range a.Configs {
		s := AblationSummary{Config: conf}
		var tl, wl []float64
		for i := range ins {
			if ins[i].Runs[c].Status == Timeout {
				s.Timeouts++
			}
			if r := a.TimeRatio(&ins[i], c); r.Defined {
				tl = append(tl, r.Value)
				s.Time.Bounded = s.Time.Bounded || r.Bounded
				if !s.WorstTime.Defined || r.Value > s.WorstTime.Value {
					s.WorstTime = r
				}
			}
			if r := a.WorkRatio(&ins[i], c); r.Defined {
				wl = append(wl, r.Value)
			}
		}
		s.Instances = len(tl)
		s.Time.Value, s.Time.Defined = geomean(tl), len(tl) > 0
		s.Work.Value, s.Work.Defined = geomean(wl), len(wl) > 0
		out[c] = s
	}
	return out
}

// geomean returns the geometric mean of xs, 0 for none.
func geomean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += math.Log(math.Max(x, 1e-12))
	}
	return math.Exp(sum / float64(len(xs)))
}

// Summary returns the summary lines, a header first: per configuration,
// its category, the geometric mean and the worst of its time ratios, the
// geometric mean of its work ratios, and its timeouts.
func (a *Ablation) Summary(ss []AblationSummary) string {
	var b strings.Builder
	w := a.configW()
	fmt.Fprintf(&b, "%-*s %-12s %10s %10s %10s %9s\n", w, "config", "category", "time_geo", "time_worst", "work_geo", "timeouts")
	for _, s := range ss {
		fmt.Fprintf(&b, "%-*s %-12s %10s %10s %10s %9s\n", w, cell(s.Name), s.Category, s.Time, s.WorstTime, s.Work,
			fmt.Sprintf("%d/%d", s.Timeouts, s.Instances))
	}
	return b.String()
}

// Markdown returns the summary as a Markdown table, for the README.
func (a *Ablation) Markdown(ss []AblationSummary) string {
	var b strings.Builder
	b.WriteString("| configuration | category | time (geo. mean) | time (worst) | nodes or conflicts (geo. mean) | timeouts |\n|---|---|---|---|---|---|\n")
	for _, s := range ss {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %d of %d |\n", s.Name, s.Category, s.Time, s.WorstTime, s.Work, s.Timeouts, s.Instances)
	}
	return b.String()
}

// PlotAblation draws one bar per configuration that is not a default:
// the geometric mean of its time ratios on a logarithmic axis, a bar up
// for a slowdown and down for a speed-up, with a triangle on top where a
// timeout makes it a lower bound.
func PlotAblation(w io.Writer, f Format, kind string, ss []AblationSummary) error {
	var names []string
	var vals []float64 // log2 of the ratios
	var bounded []bool
	for _, s := range ss {
		if s.Base == indexOf(ss, s) || !s.Time.Defined {
			continue
		}
		names = append(names, s.Name)
		vals = append(vals, math.Log2(math.Max(s.Time.Value, 1e-9)))
		bounded = append(bounded, s.Time.Bounded)
	}
	if len(vals) == 0 {
		return ErrNothingToPlot
	}
	tf, err := newTypeface()
	if err != nil {
		return err
	}
	fg := figure{
		title: kind + ": slowdown with each technique switched (geometric mean over the instances)",
		x: axis{lo: -0.5, hi: float64(len(vals)) - 0.5, angle: 45, ticks: func(lo, hi float64) []tick {
			ts := make([]tick, len(names))
			for i, n := range names {
				ts[i] = tick{value: float64(i), label: n}
			}
			return ts
		}},
		y: axis{label: "time against the default", ticks: ratioTicks, grid: true,
			lo: math.Floor(min(0, slices.Min(vals))), hi: math.Ceil(max(0, slices.Max(vals)))},
	}
	if fg.y.hi-fg.y.lo < 2 { // 1/2x to 2x at least
		fg.y.lo, fg.y.hi = min(fg.y.lo, -1), max(fg.y.hi, 1)
	}
	const barWidth = 14
	fg.marks = append(fg.marks, func(fr *frame) {
		for i, v := range vals {
			base, top := fr.at(float64(i), 0), fr.at(float64(i), v)
			fr.c.polygon([]point{{base.x - barWidth/2, base.y}, {base.x + barWidth/2, base.y},
				{base.x + barWidth/2, top.y}, {base.x - barWidth/2, top.y}}, Colour(0))
			if bounded[i] {
				triangle(4, timeoutColour)(fr.c, top)
			}
		}
	})
	m := fg.margins(tf)
	// Wide enough for the bars, and for the title at its size whatever
	// font the viewer of an SVG picks.
	width := max(panelSide, float64(len(vals))*28+40*mm, tf.width(fg.title, titleSize)+m.left+m.right+4*mm)
	const pad = 2 * mm
	return render(w, f, width, panelSide, tf, func(c canvas) {
		fg.draw(c, tf, pad+m.left, pad+m.top, width-pad-m.right, panelSide-pad-m.bottom)
	})
}

// indexOf returns the position of s in ss.
func indexOf(ss []AblationSummary, s AblationSummary) int {
	for i := range ss {
		if ss[i].Name == s.Name {
			return i
		}
	}
	return -1
}

// ratioTicks labels a log2 axis with the ratios: 1/4x, 1/2x, 1x, 2x, ...
// at most about ten of them, every second or fourth power when the range
// is wide.
func ratioTicks(lo, hi float64) []tick {
	step := math.Max(1, math.Ceil((hi-lo)/10))
	var ts []tick
	for k := math.Ceil(lo/step) * step; k <= hi; k += step {
		label := strconv.FormatFloat(math.Exp2(math.Abs(k)), 'f', -1, 64) + "x"
		if k < 0 {
			label = "1/" + label
		}
		ts = append(ts, tick{value: k, label: label})
	}
	return ts
}

// AblationRecord is one instance and one configuration as
// WriteAblationJSON writes them. The field names are stable.
type AblationRecord struct {
	Kind      string   `json:"kind"`
	File      string   `json:"file"`
	Case      int      `json:"case"`
	Size      int      `json:"size"`
	Config    string   `json:"config"`     // "dfs", "dfs -memo", "sat amo=pairwise"
	Category  string   `json:"category"`   // the pruning's category, "encoding" or "default"
	Status    Status   `json:"status"`     // as in Record
	Answer    string   `json:"answer"`     // the printed answer when solved, else ""
	Seconds   float64  `json:"seconds"`    // wall time, up to the timeout for a timeout
	Work      int64    `json:"work"`       // DFS nodes or SAT conflicts
	TimeRatio *float64 `json:"time_ratio"` // time over the default's; null when undefined
	AtLeast   bool     `json:"at_least"`   // time_ratio is a lower bound: the run timed out
	WorkRatio *float64 `json:"work_ratio"` // work over the default's; null when undefined
	Error     string   `json:"error"`
}

// AblationRecords flattens instances into one record per instance and
// configuration.
func (a *Ablation) AblationRecords(kind string, ins []Instance) []AblationRecord {
	var out []AblationRecord
	for i := range ins {
		in := &ins[i]
		for c, conf := range a.Configs {
			r := in.Runs[c]
			rec := AblationRecord{
				Kind: kind, File: in.File, Case: in.Case, Size: in.Size, Config: conf.Name, Category: conf.Category,
				Status: r.Status, Answer: r.Answer, Seconds: r.Time.Seconds(), Work: work(r), Error: r.Err,
			}
			if t := a.TimeRatio(in, c); t.Defined {
				rec.TimeRatio, rec.AtLeast = &t.Value, t.Bounded
			}
			if w := a.WorkRatio(in, c); w.Defined {
				rec.WorkRatio = &w.Value
			}
			out = append(out, rec)
		}
	}
	return out
}

// WriteAblationJSON writes the records of ins as one JSON array, one
// record per line.
func (a *Ablation) WriteAblationJSON(w io.Writer, kind string, ins []Instance) error {
	return writeLines(w, a.AblationRecords(kind, ins))
}
