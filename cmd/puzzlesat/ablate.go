package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/compare"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/technique"
)

// ablation returns the configurations of an ablation of the backends
// base: each backend's default and its control (the default again), then,
// for the DFS, each pruning on by default of the search it selects switched
// off in turn, and for a
// SAT backend each option of each choice point other than the default
// picked in turn.
func ablation(k puzzlesat.Kind, base []contender) ([]contender, []compare.Config) {
	var cs []contender
	var configs []compare.Config
	add := func(c contender, conf compare.Config) {
		cs = append(cs, c)
		configs = append(configs, conf)
	}
	for _, b := range base {
		at := len(cs)
		add(b, compare.Config{Name: b.name, Base: at, Category: "default"})
		add(contender{b.name + " control", b.opts}, compare.Config{Name: b.name + " control", Base: at, Category: compare.Control})
		if b.opts.Backend == puzzlesat.DFS {
			// The prunings the default already has off (given, or needing
			// one given) have nothing to switch.
			// The search the default selects (the chapter's, with
			// --dfs=chapter) has its own prunings.
			canon, _, _ := k.ParsePrunings(b.opts.Prunings)
			off := strings.Split(canon, ",")
			search, _ := k.SearchOf(b.opts.Prunings)
			for _, p := range search.Prunings {
				if p.Optional || slices.Contains(off, "-"+p.Name) {
					continue
				}
				o := b.opts
				o.Prunings = join(o.Prunings, "-"+p.Name)
				name := b.name + " -" + p.Name
				add(contender{name, o}, compare.Config{Name: name, Base: at, Category: string(p.Category),
					Pruning: p.Name, Chapter: p.Chapter, Counts: p.Counts})
			}
			continue
		}
		for _, ch := range k.Encodings() {
			for _, opt := range ch.Options[1:] {
				o := b.opts
				o.Encoding = join(o.Encoding, ch.Point+"="+opt)
				name := b.name + " " + ch.Point + "=" + opt
				add(contender{name, o}, compare.Config{Name: name, Base: at, Category: "encoding"})
			}
		}
	}
	return cs, configs
}

// join appends item to a comma-separated list.
func join(list, item string) string {
	if list == "" {
		return item
	}
	return list + "," + item
}

// ablate runs every configuration on every instance, as compare does,
// each default once untimed first (runAblation), and prints a row per
// instance and configuration with its work and time against its
// default's, then the summary per configuration; it writes its files as
// compare does, only at the end of a run that went through its input. A
// configuration that finds no answer where its default found one, or the
// reverse, or another optimum (on a kind whose answer is canonical), is a
// bug.
func (k *puzzleKind) ablate(ctx context.Context, e env, o *options, c *comparison) error {
	files, err := createOutputs(c)
	if err != nil {
		return err
	}
	defer files.abort()
	report := compare.NewAblation(c.configs, c.files(), k.sizeName() != "")
	report.Legend = map[string]string{}
	for _, cat := range technique.Categories() {
		report.Legend[string(cat)] = cat.Legend()
	}
	var recs records
	in := k.stream(o, c.inputs)
	in.header = report.Header()
	err = runBatch(ctx, e, o, in, func(ctx context.Context, i int, x item) result {
		rec, r := k.runAblation(ctx, k.lib, c.backends, c.configs, x, c.repeats, o.timeout)
		if r.stopped {
			return r
		}
		r.failed = failed(rec) // a timeout, or no answer, is a result of an ablation
		if errs := changed(k.lib, c.configs, rec); errs != "" {
			r.errs += errs
			r.bug = true
		}
		recs.set(i, rec)
		r.out = report.Rows(rec)
		return r
	})
	ins := recs.prefix()
	if len(ins) == 0 {
		return err
	}
	ss := report.Summarise(ins)
	io.WriteString(e.stdout, "\n"+report.Summary(ss))
	if !completed(err) {
		return err
	}
	ferr := files.writeAblation(ctx, o.timeout, report, k.name(), ins, ss, c.format)
	if ferr != nil && !errors.Is(err, errBug) {
		return ferr
	}
	return err
}

// runAblation runs every configuration on one instance: for each
// backend, its default once untimed (a first run pays for caches, page
// faults and the heap's growth, which would favour every run after it),
// then each configuration interleaved with the default, A B A B, up to
// repeats times while the pair's time stays within the time limit. A
// configuration's time is the median of its runs, and the default's time
// against it (Run.Paired) the median of the default's runs beside them,
// so that a drift of the machine's speed touches both alike.
func (k *puzzleKind) runAblation(ctx context.Context, lib solverOf, cs []contender, configs []compare.Config, x item, repeats int, limit time.Duration) (*compare.Instance, result) {
	in := &compare.Instance{File: x.file, Case: x.kase}
	if size, ok := k.size(x.p); ok {
		in.Size = size
	}
	in.Runs = make([]compare.Run, len(cs))
	var r result
	for c, conf := range configs {
		if conf.Base == c {
			lib.Solve(ctx, x.p, cs[c].opts) // the answer and errors come with the timed runs
		}
		var times, paired []time.Duration
		var spent time.Duration
		for rep := 0; rep < max(repeats, 1); rep++ {
			if conf.Base != c {
				base, br := k.runOne(ctx, lib, cs[conf.Base], x)
				if br.stopped {
					return nil, br
				}
				paired = append(paired, base.Time)
				spent += base.Time
			}
			run, rr := k.runOne(ctx, lib, cs[c], x)
			if rr.stopped {
				return nil, rr
			}
			if rep == 0 {
				in.Runs[c] = run
				r = r.add(rr)
			}
			times = append(times, run.Time)
			spent += run.Time
			if !run.Status.Definite() || (limit > 0 && spent*time.Duration(rep+2) > limit*time.Duration(rep+1)) {
				break // a timeout is a result, and another pair would not fit the limit
			}
		}
		in.Runs[c].Time, in.Runs[c].Repeats = median(times), len(times)
		in.Runs[c].Paired = median(paired)
	}
	return in, r
}

// failed reports whether a run of in ended in an error other than a
// timeout, a proof that there is no answer, or a formula too large.
func failed(in *compare.Instance) bool {
	for _, r := range in.Runs {
		if r.Status == compare.Failed || r.Status == compare.Wrong {
			return true
		}
	}
	return false
}

// changed returns a message for every configuration of in whose run
// settled the instance otherwise than its default: an answer where the
// default proved there is none or the reverse, or, for a kind whose
// answer is canonical, another answer.
func changed(k puzzlesat.Kind, configs []compare.Config, in *compare.Instance) string {
	var b strings.Builder
	for i, conf := range configs {
		r, base := in.Runs[i], in.Runs[conf.Base]
		if i == conf.Base || !r.Status.Definite() || !base.Status.Definite() {
			continue
		}
		if _, canonical := k.Kind.(kind.Canonical); r.Status != base.Status || (canonical && r.Answer != base.Answer) {
			fmt.Fprintf(&b, "puzzlesat: BUG: %s case %d: %s gives %s %q, its default %s gives %s %q\n",
				in.File, in.Case, conf.Name, r.Status, r.Answer, configs[conf.Base].Name, base.Status, base.Answer)
		}
	}
	return b.String()
}

// writeAblation writes the JSON records, the plot and the Markdown of an
// ablation.
func (o *outputs) writeAblation(ctx context.Context, timeout time.Duration, a *compare.Ablation, kind string, ins []compare.Instance, ss []compare.AblationSummary, f compare.Format) error {
	return o.finish(ctx, timeout, func(w io.Writer) error { return a.WriteAblationJSON(w, kind, ins) },
		func(w io.Writer) error { return compare.PlotAblation(w, f, kind, ss) },
		func(w io.Writer) error { _, err := io.WriteString(w, a.Markdown(ss)); return err })
}

// median returns the median of ts, the lower middle one of an even
// number; 0 for none.
func median(ts []time.Duration) time.Duration {
	if len(ts) == 0 {
		return 0
	}
	ts = slices.Clone(ts)
	slices.Sort(ts)
	return ts[(len(ts)-1)/2]
}
