package solver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// programSession solves f by running p once per solve.
type programSession struct {
	p *program
	f *cnf.CNF
	// files gives the paths of the arguments argFile and argProof, for a
	// prover's run.
	files map[string]string
}

// close does nothing: every run ended with its solve.
func (s *programSession) close() {}

func (s *programSession) solve(ctx context.Context, assume []cnf.Lit) (answer, error) {
	a := answer{by: s.p.name}
	if err := ctx.Err(); err != nil {
		return a, err
	}
	if s.p.lied.Load() {
		return a, &ProgramError{Program: s.p.name, Err: ErrLiar}
	}
	c, err := s.p.start(s.f, assume, s.files)
	if err != nil {
		return a, &ProgramError{Program: s.p.name, Err: err}
	}
	defer c.cleanup()
	state := c.wait(ctx)
	if c.left != nil {
		return a, &ProgramError{Program: s.p.name, Err: c.left, Stderr: c.stderr.text()}
	}
	if err := ctx.Err(); err != nil {
		return a, err
	}
	a.status, a.model, err = c.answer(state)
	if l, ok := err.(lie); ok {
		s.p.lied.Store(true)
		err = l.error
	}
	if err != nil {
		return a, &ProgramError{Program: s.p.name, Err: err, Stderr: c.stderr.text()}
	}
	return a, nil
}

// Limits on what is kept of a run's output.
const (
	// outputSlack is the stdout allowed beyond 12 bytes per variable (a
	// sign, ten digits and a space), for the status and comment lines; a
	// run that prints more is killed and fails.
	outputSlack = 1 << 20
	// stderrKept is how much of the end of a run's stderr is kept, to
	// quote in its errors.
	stderrKept = 2048
	// drainWait bounds the wait for the output pipes to close once the
	// process group was killed: only a process that left the group can
	// still hold them open.
	drainWait = time.Second
)

// child is one run of a program: the process, its temporary files and
// what it printed.
type child struct {
	p      *program
	f      *cnf.CNF
	assume []cnf.Lit
	files  map[string]string // the paths of argFile and argProof
	cmd    *exec.Cmd
	dir    string // temporary folder, "" when the run needs no files
	stdout *capture
	stderr *capture
	input  chan error // the end of writing the formula to stdin, nil when it goes to a file
	// unread: the program ended before it read the whole formula from
	// stdin, which no solver that answers does.
	unread error
	token  string // marks the environment of the run's processes (sweep)
	left   error  // of sweep: processes of the run outlived it
}

// runs numbers the runs of programs, for their tokens.
var runs atomic.Int64

// runVar is the environment variable that marks a run's processes, with
// a token of its own, which they inherit: how sweep tells them apart.
const runVar = "PUZZLESAT_SOLVER_RUN"

// start writes the formula where the program reads it and starts the
// program in a process group of its own.
func (p *program) start(f *cnf.CNF, assume []cnf.Lit, files map[string]string) (*child, error) {
	c := &child{p: p, f: f, assume: assume, files: files}
	args, err := c.args()
	if err != nil {
		c.cleanup()
		return nil, err
	}
	ps, err := newPipes(!c.filed())
	if err != nil {
		c.cleanup()
		return nil, err
	}
	adopt()
	c.cmd = exec.Command(p.path, args...)
	setGroup(c.cmd)
	c.token = fmt.Sprintf("%d.%d", os.Getpid(), runs.Add(1))
	c.cmd.Env = append(os.Environ(), runVar+"="+c.token)
	c.cmd.Stdout, c.cmd.Stderr = ps.childOut, ps.childErr
	if ps.childIn != nil {
		c.cmd.Stdin = ps.childIn
	}
	err = c.cmd.Start()
	ps.close(ps.childIn, ps.childOut, ps.childErr)
	if err != nil {
		ps.close(ps.in, ps.out, ps.err)
		c.cleanup()
		return nil, err
	}
	c.stdout = newCapture(ps.out, outputSlack+12*(f.NumVars()+1), false)
	c.stderr = newCapture(ps.err, stderrKept, true)
	if ps.in != nil {
		c.input = make(chan error, 1)
		go func() {
			err := cnf.WriteProblem(ps.in, f, assume...)
			if cerr := ps.in.Close(); err == nil {
				err = cerr
			}
			c.input <- err
		}()
	}
	return c, nil
}

// pipes are the pipes of one run: the child's ends, which the parent
// closes once the child started, and ours. The stdin pair is nil when
// the formula goes to a file.
type pipes struct {
	childIn, childOut, childErr *os.File
	in, out, err                *os.File
}

// newPipes makes the pipes of a run, with one for stdin when stdin is set.
func newPipes(stdin bool) (*pipes, error) {
	ps := &pipes{}
	var err error
	if stdin {
		if ps.childIn, ps.in, err = os.Pipe(); err != nil {
			return nil, err
		}
	}
	if ps.out, ps.childOut, err = os.Pipe(); err != nil {
		ps.close(ps.childIn, ps.in)
		return nil, err
	}
	if ps.err, ps.childErr, err = os.Pipe(); err != nil {
		ps.close(ps.childIn, ps.in, ps.out, ps.childOut)
		return nil, err
	}
	return ps, nil
}

// close closes the files that are not nil.
func (*pipes) close(fs ...*os.File) {
	for _, f := range fs {
		if f != nil {
			f.Close()
		}
	}
}

// filed reports whether the program reads the formula from a file.
func (c *child) filed() bool {
	for _, a := range c.p.spec.args {
		if a == argIn || a == argFile {
			return true
		}
	}
	return false
}

// args makes the temporary files the program needs and returns its
// arguments.
func (c *child) args() ([]string, error) {
	args := append([]string(nil), c.p.spec.args...)
	for i, a := range args {
		if a == argFile || a == argProof {
			args[i] = c.files[a]
			continue
		}
		if a != argIn && a != argOut {
			continue
		}
		if c.dir == "" {
			dir, err := os.MkdirTemp("", "puzzlesat-"+filepath.Base(c.p.name)+"-")
			if err != nil {
				return nil, err
			}
			c.dir = dir
		}
		switch a {
		case argIn:
			args[i] = filepath.Join(c.dir, "problem.cnf")
			if err := writeFile(args[i], c.f, c.assume); err != nil {
				return nil, err
			}
		case argOut:
			args[i] = filepath.Join(c.dir, "result")
		}
	}
	return args, nil
}

// writeFile writes the formula and the assumptions to path.
func writeFile(path string, f *cnf.CNF, assume []cnf.Lit) error {
	w, err := os.Create(path)
	if err != nil {
		return err
	}
	err = cnf.WriteProblem(w, f, assume...)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}

// wait waits until the process exits or ctx ends, whichever is first, and
// kills its process group: at once when ctx ended, and in any case so
// that nothing the program started outlives the run. It returns the
// process's state once the output pipes are drained.
func (c *child) wait(ctx context.Context) *os.ProcessState {
	done := make(chan struct{})
	go func() {
		c.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		killGroup(c.cmd.Process)
		<-done
	case <-c.stdout.over:
		killGroup(c.cmd.Process)
		<-done
	}
	// The leader is reaped; the rest of its group, if any, keeps the
	// group's id from being reused, so this reaches only them. Then what
	// left the group is swept up.
	killGroup(c.cmd.Process)
	c.left = sweep(c.cmd.Process.Pid, c.token)
	c.stdout.drain()
	c.stderr.drain()
	if c.input != nil {
		c.unread = <-c.input // the pipe's reader is gone: the write has ended
	}
	return c.cmd.ProcessState
}

// cleanup removes the temporary files.
func (c *child) cleanup() {
	if c.dir != "" {
		os.RemoveAll(c.dir)
	}
}

// answer reads the outcome of a finished run: its exit status, and what
// it printed, which must say the same, with a model that satisfies the
// formula and the assumptions. The error of an answer caught lying, a
// model that does not satisfy or an answer at odds with itself, is a lie.
func (c *child) answer(state *os.ProcessState) (Status, cnf.Model, error) {
	code := state.ExitCode()
	sat, unsat := c.p.spec.isSat(code), code == 20
	switch {
	case c.stdout.isOver():
		return Unknown, nil, fmt.Errorf("printed more than %d bytes", c.stdout.limit)
	case !sat && !unsat:
		return Unknown, nil, fmt.Errorf("%v, not the 10 of SAT or the 20 of UNSAT%s", state, c.said())
	case c.unread != nil:
		return Unknown, nil, fmt.Errorf("%v before it read the whole formula: %w", state, c.unread)
	}
	out, err := c.output()
	switch {
	case unsat && errors.Is(err, cnf.ErrUnsatisfiable):
		return Unsat, nil, nil
	case errors.Is(err, cnf.ErrUnsatisfiable):
		return Unknown, nil, lie{fmt.Errorf("%v, the status of SAT, but it printed UNSATISFIABLE", state)}
	case errors.Is(err, cnf.ErrContradiction):
		return Unknown, nil, lie{fmt.Errorf("%v, but its answer contradicts itself: %w", state, err)}
	case err != nil:
		return Unknown, nil, fmt.Errorf("%v, but its answer cannot be read: %w", state, err)
	case unsat:
		return Unknown, nil, lie{fmt.Errorf("%v, the status of UNSAT, but it printed a model", state)}
	}
	if err := checkModel(out.Model, c.f, c.assume); err != nil {
		return Unknown, nil, lie{fmt.Errorf("claims SATISFIABLE, but %w", err)}
	}
	return Sat, out.Model, nil
}

// output reads the program's answer: its result file or its stdout.
func (c *child) output() (*cnf.Output, error) {
	name := c.p.name + " output"
	r := io.Reader(bytes.NewReader(c.stdout.buf))
	if c.p.spec.result {
		path := filepath.Join(c.dir, "result")
		st, err := os.Stat(path)
		if err != nil {
			return nil, fmt.Errorf("no result file: %w", err)
		}
		if st.Size() > int64(c.stdout.limit) {
			return nil, fmt.Errorf("result file of %d bytes, over %d", st.Size(), c.stdout.limit)
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		name, r = c.p.name+" result", f
	}
	return cnf.ReadModel(context.Background(), name, r, c.f.NumVars())
}

// said returns what the status line of stdout said, for an error, or "".
func (c *child) said() string {
	for _, line := range strings.Split(string(c.stdout.buf), "\n") {
		if rest, ok := strings.CutPrefix(line, "s "); ok {
			return "; it printed " + quoteCut(strings.TrimSpace(rest))
		}
	}
	return ""
}

// capture keeps what a process prints on one pipe: its head up to a limit
// (for stdout, whose overflow kills the run) or its tail (for stderr).
type capture struct {
	r     *os.File
	limit int
	tail  bool
	buf   []byte
	over  chan struct{} // closed when more than limit bytes came, for a head
	once  sync.Once
	done  chan struct{}
}

func newCapture(r *os.File, limit int, tail bool) *capture {
	c := &capture{r: r, limit: limit, tail: tail, over: make(chan struct{}), done: make(chan struct{})}
	go c.read()
	return c
}

// read reads the pipe to its end.
func (c *capture) read() {
	defer close(c.done)
	b := make([]byte, 32<<10)
	for {
		n, err := c.r.Read(b)
		switch {
		case c.tail:
			c.buf = append(c.buf, b[:n]...)
			if len(c.buf) > c.limit {
				c.buf = append(c.buf[:0], c.buf[len(c.buf)-c.limit:]...)
			}
		case len(c.buf)+n > c.limit:
			c.once.Do(func() { close(c.over) })
		default:
			c.buf = append(c.buf, b[:n]...)
		}
		if err != nil {
			return
		}
	}
}

// isOver reports whether a head capture got more than its limit.
func (c *capture) isOver() bool {
	select {
	case <-c.over:
		return true
	default:
		return false
	}
}

// drain waits for the pipe's end, at most drainWait, and closes it.
func (c *capture) drain() {
	c.r.SetReadDeadline(time.Now().Add(drainWait))
	<-c.done
	c.r.Close()
}

// text returns a tail capture's text on one line, for an error.
func (c *capture) text() string {
	lines := strings.Split(strings.TrimSpace(string(c.buf)), "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	s := strings.Join(lines, " | ")
	if len(s) > 400 {
		s = "..." + s[len(s)-400:]
	}
	return s
}

// quoteCut quotes s for a message, cut after 40 bytes.
func quoteCut(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return fmt.Sprintf("%q", s)
}
