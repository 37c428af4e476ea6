package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"puzzlesat"
	"puzzlesat/internal/compare"
)

// ablation returns the configurations of an ablation of the backends
// base: each backend's own options first, then, for the DFS, each
// pruning on by default switched off in turn, and for a SAT backend each
// option of each choice point other than the default picked in turn.
func ablation(k puzzlesat.Puzzle, base []contender) ([]contender, []compare.Config) {
	var cs []contender
	var configs []compare.Config
	add := func(c contender, b int, category string) {
		cs = append(cs, c)
		configs = append(configs, compare.Config{Name: c.name, Base: b, Category: category})
	}
	for _, b := range base {
		at := len(cs)
		add(b, at, "default")
		if b.opts.Backend == puzzlesat.DFS {
			for _, p := range k.Prunings() {
				if p.Optional {
					continue
				}
				o := b.opts
				o.Prunings = join(o.Prunings, "-"+p.Name)
				add(contender{b.name + " -" + p.Name, o}, at, string(p.Category))
			}
			continue
		}
		for _, ch := range k.Encodings() {
			for _, opt := range ch.Options[1:] {
				o := b.opts
				o.Encoding = join(o.Encoding, ch.Point+"="+opt)
				add(contender{b.name + " " + ch.Point + "=" + opt, o}, at, "encoding")
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
// each default once untimed first (runAblation), and prints a row per instance and configuration with its work and time
// against its default's, then the summary per configuration. A
// configuration that finds no answer where its default found one, or the
// reverse, or another optimum (on a kind whose answer is canonical), is a
// bug.
func (k *kind) ablate(ctx context.Context, e env, o *options, c *comparison) error {
	n := 0
	for _, in := range c.inputs {
		if err := k.each(ctx, o, in, true, func(puzzlesat.Problem) error { n++; return nil }); err != nil {
			return err
		}
	}
	o.quiet = true
	files, err := createOutputs(c)
	if err != nil {
		return err
	}
	report := compare.NewAblation(c.configs, c.files(), k.lib.SizeName() != "")
	io.WriteString(e.stdout, report.Header())
	done := make([]*compare.Instance, n)
	err = runBatch(ctx, e, o, n, k.feed(ctx, o, c.inputs), func(ctx context.Context, i int, x item) result {
		in, r := k.runAblation(ctx, k.lib, c.backends, c.configs, x)
		if r.stopped {
			return r
		}
		if errs := changed(k.lib, c.configs, in); errs != "" {
			r.errs += errs
			r.bug = true
		}
		done[i], r.out = in, report.Rows(in)
		return r
	})
	var ins []compare.Instance
	for _, in := range done {
		if in == nil {
			break
		}
		ins = append(ins, *in)
	}
	ss := report.Summarise(ins)
	io.WriteString(e.stdout, "\n"+report.Summary(ss))
	ferr := files.writeAblation(report, k.name(), ins, ss, c.format)
	if ferr == nil && c.markdown != "" {
		ferr = writeAtomically(ctx, c.markdown, func(w io.Writer) error {
			_, err := io.WriteString(w, report.Markdown(ss))
			return err
		})
	}
	if ferr != nil && !errors.Is(err, errBug) {
		return ferr
	}
	return err
}

// runAblation runs every configuration on one instance, as runEach does,
// each backend's default and the configurations measured against it in
// turn, after an untimed run of the default. Without it the default,
// which runs first, would pay what a first run costs (caches, page
// faults, the heap's growth, or the other backend's leftovers), which
// favours every configuration after it.
func (k *kind) runAblation(ctx context.Context, lib puzzlesat.Puzzle, cs []contender, configs []compare.Config, x item) (*compare.Instance, result) {
	in := &compare.Instance{}
	var r result
	for start, end := 0, 0; start < len(cs); start = end {
		for end = start + 1; end < len(cs) && configs[end].Base != end; end++ {
		}
		lib.Solve(ctx, x.p, cs[start].opts) // the answer and errors come with the timed run
		if ctx.Err() != nil {
			return nil, result{stopped: true}
		}
		part, pr := k.runEach(ctx, lib, cs[start:end], x)
		if pr.stopped {
			return nil, pr
		}
		part.Runs = append(in.Runs, part.Runs...)
		in = part
		r.errs += pr.errs
		r.failed = r.failed || pr.failed
		r.bug = r.bug || pr.bug
	}
	return in, r
}

// changed returns a message for every configuration of in whose run
// settled the instance otherwise than its default: an answer where the
// default proved there is none or the reverse, or, for a kind whose
// answer is canonical, another answer.
func changed(k puzzlesat.Puzzle, configs []compare.Config, in *compare.Instance) string {
	var b strings.Builder
	for i, conf := range configs {
		r, base := in.Runs[i], in.Runs[conf.Base]
		if i == conf.Base || !r.Status.Definite() || !base.Status.Definite() {
			continue
		}
		if r.Status != base.Status || (k.Canonical() && r.Answer != base.Answer) {
			fmt.Fprintf(&b, "puzzlesat: BUG: %s case %d: %s gives %s %q, its default %s gives %s %q\n",
				in.File, in.Case, conf.Name, r.Status, r.Answer, configs[conf.Base].Name, base.Status, base.Answer)
		}
	}
	return b.String()
}

// writeAblation writes the JSON records and the plot of an ablation.
func (o *outputs) writeAblation(a *compare.Ablation, kind string, ins []compare.Instance, ss []compare.AblationSummary, f compare.Format) error {
	return o.finish(func(w io.Writer) error { return a.WriteAblationJSON(w, kind, ins) },
		func(w io.Writer) error { return compare.PlotAblation(w, f, kind, ss) })
}
