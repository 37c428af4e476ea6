//go:build cadical

package cadical

import (
	"context"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// engine is one way of running a benchmark's work; the first of a list is
// the reference the others are measured against.
type engine struct {
	name string
	run  func(b *testing.B)
}

// compare runs the engines as sub-benchmarks, in order. Besides the wall
// time it reports the process's CPU time per operation ("cpu-ns/op"),
// which other jobs on a shared machine disturb far less, and for each
// engine after the first both times as multiples of the first's: "gini
// 3.1 vs-cadical 2.9 cpu-vs-cadical" means gini took 3.1 times as long as
// CaDiCaL in the same run, and 2.9 times the CPU.
func compare(b *testing.B, engines ...engine) {
	var ref, refCPU float64
	for i, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			start := cpuTime()
			e.run(b)
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			cpu := float64((cpuTime() - start).Nanoseconds()) / float64(b.N)
			b.ReportMetric(cpu, "cpu-ns/op")
			if i == 0 {
				ref, refCPU = ns, cpu
			} else if ref > 0 {
				b.ReportMetric(ns/ref, "vs-"+engines[0].name)
				b.ReportMetric(cpu/refCPU, "cpu-vs-"+engines[0].name)
			}
		})
	}
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func giniLit(l cnf.Lit) z.Lit { return z.Var(l.Var()).Pos() ^ z.Lit(l&1) }

func giniAdd(g *gini.Gini, cls [][]cnf.Lit) {
	for _, c := range cls {
		for _, l := range c {
			g.Add(giniLit(l))
		}
		g.Add(z.LitNull)
	}
}

func numLits(cls [][]cnf.Lit) int {
	n := 0
	for _, c := range cls {
		n += len(c)
	}
	return n
}

// newBench returns a solver that the benchmark closes.
func newBench(b *testing.B) *Solver {
	s, err := New()
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

var addBenchmarks = []struct {
	name    string
	n, m, k int // variables, clauses, literals per clause
}{
	{"binary-200K", 20_000, 100_000, 2},
	{"random3-384K", 30_000, 128_000, 3},
	{"random3-3M", 235_000, 1_000_000, 3},
}

// BenchmarkAdd measures making a solver, adding a formula and freeing the
// solver, per literal: CaDiCaL through the buffer (one cgo call per 64K
// literals), CaDiCaL with one cgo call per clause, and gini, whose memory
// the garbage collector frees. "close-ns/lit" is the part of CaDiCaL's
// ns/lit that Close took.
func BenchmarkAdd(b *testing.B) {
	for _, bm := range addBenchmarks {
		cls := randomCNF(rand.New(rand.NewPCG(7, uint64(bm.k))), bm.n, bm.m, bm.k)
		lits := float64(numLits(cls))
		perLit := func(b *testing.B) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/lits, "ns/lit")
		}
		cadical := func(flushEvery int) func(b *testing.B) {
			return func(b *testing.B) {
				var closing time.Duration
				for b.Loop() {
					s, err := New()
					if err != nil {
						b.Fatal(err)
					}
					s.flushAt = flushEvery
					addAll(s, cls)
					s.flush()
					if s.Err() != nil {
						b.Fatal(s.Err())
					}
					start := time.Now()
					s.Close()
					closing += time.Since(start)
				}
				perLit(b)
				b.ReportMetric(float64(closing.Nanoseconds())/float64(b.N)/lits, "close-ns/lit")
			}
		}
		b.Run(bm.name, func(b *testing.B) {
			compare(b,
				engine{"cadical", cadical(flushAt)},
				engine{"cadical-per-clause", cadical(1)},
				engine{"gini", func(b *testing.B) {
					for b.Loop() {
						giniAdd(gini.NewV(bm.n+1), cls)
					}
					perLit(b)
				}},
			)
		})
	}
}

// BenchmarkCgoCall measures one call into C that does nothing (a flush
// with no clause pending): the price of a cgo round trip, which the
// buffer pays once per 64K literals and a call per clause pays per clause.
func BenchmarkCgoCall(b *testing.B) {
	s := newBench(b)
	for b.Loop() {
		s.flush()
	}
}

// BenchmarkAddClauseBuffer measures AddClause without CaDiCaL: checking
// and buffering a 3-literal clause, the binding's own cost per literal.
func BenchmarkAddClauseBuffer(b *testing.B) {
	s := newBench(b)
	c := []cnf.Lit{2, 5, 7}
	s.flushAt = 1 << 62
	for b.Loop() {
		s.AddClause(c)
		if len(s.pending) >= flushAt {
			s.pending = s.pending[:0]
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/3, "ns/lit")
}

// BenchmarkSolveSmall measures one round trip on a loaded solver: a solve
// under two assumptions of an easy satisfiable random 3-CNF (100
// variables, 300 clauses) and reading the model. CaDiCaL runs with a
// context that cannot end, and with one that can (the cost of
// context.AfterFunc); gini solves in the caller's goroutine, as
// Solver.Inline does in package sat.
func BenchmarkSolveSmall(b *testing.B) {
	const n = 100
	cls := randomCNF(rand.New(rand.NewPCG(8, 8)), n, 300, 3)
	assume := func(rng *rand.Rand) (cnf.Lit, cnf.Lit) {
		return cnf.Var(1+rng.IntN(n)).Pos() ^ cnf.Lit(rng.IntN(2)), cnf.Var(1+rng.IntN(n)).Pos() ^ cnf.Lit(rng.IntN(2))
	}
	cadical := func(ctx context.Context) func(b *testing.B) {
		return func(b *testing.B) {
			s := newBench(b)
			addAll(s, cls)
			rng := rand.New(rand.NewPCG(1, 1))
			var m cnf.Model
			for b.Loop() {
				a1, a2 := assume(rng)
				st, err := s.Solve(ctx, a1, a2)
				if err != nil {
					b.Fatal(err)
				}
				if st == Sat {
					m, _ = s.Model(m)
				}
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	compare(b,
		engine{"cadical", cadical(context.Background())},
		engine{"cadical-cancelable", cadical(ctx)},
		engine{"gini", func(b *testing.B) {
			g := gini.NewV(n + 1)
			giniAdd(g, cls)
			rng := rand.New(rand.NewPCG(1, 1))
			m := make(cnf.Model, n+1)
			for b.Loop() {
				a1, a2 := assume(rng)
				g.Assume(giniLit(a1), giniLit(a2))
				if g.Solve() == 1 {
					for v := 1; v <= n; v++ {
						m[v] = g.Value(z.Var(v).Pos())
					}
				}
			}
		}},
	)
}

var unsatBenchmarks = []struct {
	name string
	cls  func() [][]cnf.Lit
}{
	{"php-9-8", func() [][]cnf.Lit { return pigeons(8, 0) }},
	{"random3-200x1000", func() [][]cnf.Lit { return randomCNF(rand.New(rand.NewPCG(9, 9)), 200, 1000, 3) }},
}

// BenchmarkSolveUnsat measures a fresh solver refuting a medium formula:
// PHP(9,8), and a random 3-CNF at ratio 5 (unsatisfiable, checked).
func BenchmarkSolveUnsat(b *testing.B) {
	for _, bm := range unsatBenchmarks {
		cls := bm.cls()
		b.Run(bm.name, func(b *testing.B) {
			compare(b,
				engine{"cadical", func(b *testing.B) {
					for b.Loop() {
						s, err := New()
						if err != nil {
							b.Fatal(err)
						}
						addAll(s, cls)
						if st, err := s.Solve(context.Background()); st != Unsat {
							b.Fatalf("Solve = %v, %v, want UNSATISFIABLE", st, err)
						}
						s.Close()
					}
				}},
				engine{"gini", func(b *testing.B) {
					for b.Loop() {
						g := gini.New()
						giniAdd(g, cls)
						if r := g.Solve(); r != -1 {
							b.Fatalf("gini Solve = %d, want -1", r)
						}
					}
				}},
			)
		})
	}
}

// BenchmarkCounters compares reading the callback counters (one cgo
// call) with reading CaDiCaL's own through its statistics report.
func BenchmarkCounters(b *testing.B) {
	s := newBench(b)
	addAll(s, pigeons(6, 0))
	if _, err := s.Solve(context.Background()); err != nil {
		b.Fatal(err)
	}
	b.Run("Counters", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Counters(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Stats", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Stats(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkStop reports how long a hard solve takes to return once its
// context is cancelled (the latency TestStop logs): the figure behind
// --timeout's promise, measured here and not asserted by a test.
func BenchmarkStop(b *testing.B) {
	s, sel := hardSolver(b)
	var total time.Duration
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		var ended time.Time
		timer := time.AfterFunc(20*time.Millisecond, func() { ended = time.Now(); cancel() })
		if st, _ := s.Solve(ctx, sel); st != Unknown {
			b.Fatalf("the pigeons answered %v", st)
		}
		total += time.Since(ended)
		timer.Stop()
		cancel()
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs-to-stop")
}
