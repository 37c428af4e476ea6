package compare

import (
	"fmt"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
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
	var vals plotter.Values
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
	p := plot.New()
	p.Title.Text = kind + ": slowdown with each technique switched (geometric mean over the instances)"
	p.Y.Label.Text = "time against the default"
	p.Y.Tick.Marker = ratioTicks{}
	p.Add(plotter.NewGrid())
	bars, err := plotter.NewBarChart(vals, vg.Points(14))
	if err != nil {
		return err
	}
	bars.Color = Colour(0)
	p.Add(bars)
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YCenter
	for i, b := range bounded {
		if b {
			mark, err := plotter.NewScatter(plotter.XYs{{X: float64(i), Y: vals[i]}})
			if err != nil {
				return err
			}
			mark.GlyphStyle.Shape, mark.GlyphStyle.Color = draw.TriangleGlyph{}, timeoutColour
			p.Add(mark)
		}
	}
	width := max(12*vg.Centimeter, vg.Length(len(vals))*vg.Points(28)+4*vg.Centimeter)
	var canvas vg.CanvasWriterTo
	switch f {
	case SVG:
		canvas = vgsvg.New(width, panelSide)
	case PNG:
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, panelSide), vgimg.UseDPI(144))}
	default:
		return fmt.Errorf("unknown image format %q: want svg or png", f)
	}
	p.Draw(draw.New(canvas))
	_, err = canvas.WriteTo(w)
	return err
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
type ratioTicks struct{}

func (ratioTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for k := math.Floor(lo); k <= math.Ceil(hi); k++ {
		label := fmt.Sprintf("%gx", math.Exp2(k))
		if k < 0 {
			label = fmt.Sprintf("1/%gx", math.Exp2(-k))
		}
		ts = append(ts, plot.Tick{Value: k, Label: label})
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
