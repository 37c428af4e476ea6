package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// TestProgressLine: the line fits the terminal, leaving the last column
// free, with the bar when there is room for it and the numbers alone when
// there is not.
func TestProgressLine(t *testing.T) {
	tests := []struct {
		columns int
		bar     bool
		want    string // a regexp the line matches
	}{
		{200, true, `^puzzlesat \[=+> +\]  45% 95/210 7\.92/s 12s, 15s left$`},
		{80, true, `^puzzlesat \[=+> +\]  45% 95/210 7\.92/s 12s, 15s left$`},
		{60, true, `^puzzlesat \[=+> +\]  45% 95/210 7\.92/s 12s, 15s left$`},
		{50, false, `^puzzlesat  45% 95/210 7\.92/s 12s, 15s left$`},
		{40, false, `^ 45% 95/210 7\.92/s 12s, 15s left$`},
		{20, false, `^95/210 15s left$`},
		{8, false, `^95/210$`},
		{3, false, `^$`},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.columns), func(t *testing.T) {
			got := progressLine(95, 210, 12*time.Second, tc.columns)
			require.Regexp(t, tc.want, got)
			require.LessOrEqual(t, len(got), tc.columns-1)
			require.Equal(t, tc.bar, strings.Contains(got, "["), "bar in %q", got)
			if tc.bar {
				require.LessOrEqual(t, strings.Count(got, "=")+strings.Count(got, " "), barMax+10)
			}
		})
	}
	require.Contains(t, progressLine(210, 210, 12*time.Second, 200), "["+strings.Repeat("=", barMax)+"]", "a full bar has no arrow")
}

// buffer is a terminal's byte stream, written by the bar's goroutine too.
type buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// take returns what was written since the last take.
func (b *buffer) take() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.b.String()
	b.b.Reset()
	return s
}

// barDraw is one drawing of the line, in place.
var barDraw = `\r[^\r\n]*3/10[^\r\n]*\x1b\[K`

// TestProgressShared: with stdout and stderr on one terminal, a message
// or a line of output erases the line, and the line comes back at once
// below it; a line of output is never cut by the bar.
func TestProgressShared(t *testing.T) {
	var term buffer
	p := startProgress(&term, known(10), func() int { return 80 })
	p.start = p.start.Add(-progressDelay) // as if the batch had run a while
	p.update(3)
	require.Regexp(t, "^"+barDraw+"$", term.take())

	p.write(&term, "puzzlesat: a message\n")
	require.Regexp(t, "^\r\x1b\\[Kpuzzlesat: a message\n"+barDraw+"$", term.take())

	out := p.pausing(&term)
	out.Write([]byte("12"))
	require.Empty(t, term.take(), "half a line is held back")
	out.Write([]byte("3\n45"))
	require.Regexp(t, "^\r\x1b\\[K123\n"+barDraw+"$", term.take())
	p.finish()
	require.Equal(t, "\r\x1b[K45", term.take(), "finish erases the line and writes what was held")
	p.update(4)
	out.Write([]byte("6\n"))
	require.Equal(t, "6\n", term.take(), "no line after finish")
}

// TestProgressNotShared: with stdout a file or a pipe, its writes go
// straight to it, and the line on stderr is drawn over in place, never
// erased but at the end.
func TestProgressNotShared(t *testing.T) {
	var term buffer
	p := startProgress(&term, known(10), func() int { return 80 })
	p.start = p.start.Add(-progressDelay)
	f, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
	require.NoError(t, err)
	defer f.Close()
	for _, w := range []io.Writer{f, &checked{w: f}, &bytes.Buffer{}} {
		require.Same(t, w, p.writer(w), "%T is not the terminal", w)
	}
	for k := 1; k <= 3; k++ {
		p.update(k)
		p.drawn = p.drawn.Add(-progressThrottle)
	}
	p.finish()
	s := term.take()
	require.Equal(t, 1, strings.Count(s, "\r\x1b[K"), "erased once, at the end: %q", s)
	require.Equal(t, 3, strings.Count(s, "/10 "), "three draws: %q", s)
	require.True(t, strings.HasSuffix(s, "\r\x1b[K"), s)
}

// TestProgressInTerminal runs a batch of about 1.5 s in a real
// terminal (tmux) 40, 80 and 200 columns wide, with stdout on the
// terminal and in a file. While it runs, the screen holds the output
// lines and at most one line of progress, as its last line, never wider
// than the terminal; at the end it holds the output alone, nothing left
// behind. With stdout in a file, the line is erased once, at the end.
func TestProgressInTerminal(t *testing.T) {
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not on PATH")
	}
	bin := binary(t)
	block := strings.TrimSuffix(judgedata.Read(t, judgedata.Path(t, "sticks", "gen_hard.in")), "0\n")
	// 140 blocks of about 10 ms each.
	answers := strings.Repeat(judgedata.Read(t, judgedata.Path(t, "sticks", "gen_hard.out")), 10)
	in := writeTemp(t, "batch.in", strings.Repeat(block, 10)+"0\n")
	n := strings.Count(answers, "\n")
	count := regexp.MustCompile(fmt.Sprintf(`\b\d+/%d\b`, n))

	for _, cols := range []int{40, 80, 200} {
		for _, toFile := range []bool{false, true} {
			name := fmt.Sprintf("%d columns, stdout to the terminal", cols)
			if toFile {
				name = fmt.Sprintf("%d columns, stdout to a file", cols)
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				out, raw := filepath.Join(dir, "stdout"), filepath.Join(dir, "raw")
				cmd := fmt.Sprintf("%s solve sticks --jobs=1 %s", bin, in)
				if toFile {
					cmd += " > " + out
				}
				cmd += "; echo __done__; sleep 60"
				// A server of its own, its socket in a folder of its own
				// (short: a socket's path has a small limit).
				sockets, err := os.MkdirTemp("", "tmux")
				require.NoError(t, err)
				t.Cleanup(func() { os.RemoveAll(sockets) })
				tmuxCmd := func(args ...string) *exec.Cmd {
					c := exec.Command(tmux, append([]string{"-L", "t", "-f", "/dev/null"}, args...)...)
					c.Env = append(os.Environ(), "TMUX_TMPDIR="+sockets)
					return c
				}
				tm := func(args ...string) string {
					b, err := tmuxCmd(args...).CombinedOutput()
					require.NoError(t, err, "tmux %v: %s", args, b)
					return string(b)
				}
				t.Cleanup(func() { tmuxCmd("kill-server").Run() })
				if b, err := tmuxCmd("new-session", "-d", "-s", "t", "-x", fmt.Sprint(cols), "-y", "20", "sh", "-c", cmd).CombinedOutput(); err != nil {
					// Not the command's doing: tmux could not start (it
					// needs a pty and a working /dev/null).
					t.Skipf("tmux cannot start a session here: %v: %s", err, b)
				}
				tm("pipe-pane", "-o", "-t", "t", "cat > "+raw)

				shown := 0
				deadline := time.Now().Add(2 * time.Minute)
				for {
					screen := tm("capture-pane", "-p", "-t", "t")
					rows := strings.Split(strings.TrimRight(screen, "\n"), "\n")
					last := len(rows) - 1
					for last >= 0 && strings.TrimSpace(rows[last]) == "" {
						last--
					}
					for i, r := range rows[:last+1] {
						r = strings.TrimRight(r, " ")
						switch {
						case count.MatchString(r):
							require.Equal(t, last, i, "the progress line is the last of the screen:\n%s", screen)
							require.LessOrEqual(t, len(r), cols-1, "the progress line fits:\n%s", screen)
							shown++
						case r == "" || r == "__done__" || !toFile && regexp.MustCompile(`^\d+$`).MatchString(r):
						default:
							t.Fatalf("row %d is neither output nor the progress line (left behind, or wrapped):\n%s", i, screen)
						}
					}
					if strings.Contains(screen, "__done__") {
						break
					}
					if time.Now().After(deadline) {
						t.Fatalf("the batch has not ended in two minutes:\n%s", screen)
					}
					time.Sleep(50 * time.Millisecond)
				}
				require.Positive(t, shown, "the progress line never showed: the batch was too fast to test it")

				all := tm("capture-pane", "-p", "-t", "t", "-S", "-", "-E", "-")
				var got []string
				for _, r := range strings.Split(all, "\n") {
					if r = strings.TrimRight(r, " "); r != "" {
						got = append(got, r)
					}
				}
				if toFile {
					require.Equal(t, []string{"__done__"}, got, "nothing left on the screen")
					require.Equal(t, answers, readFile(t, out))
					tm("kill-server") // which ends the pipe and its cat
					var stream string
					for end := time.Now().Add(5 * time.Second); !strings.Contains(stream, "__done__") && time.Now().Before(end); {
						time.Sleep(20 * time.Millisecond)
						stream = readFile(t, raw)
					}
					require.Equal(t, 1, erasures(stream), "stderr's line erased once, at the end: %q", stream)
				} else {
					require.Equal(t, append(strings.Fields(answers), "__done__"), got, "the output, and nothing left behind")
				}
			})
		}
	}
}

// erasures counts the times a terminal's byte stream erases the line it
// is on: back to its first column, then erase to its end, or spaces.
func erasures(stream string) int {
	n := 0
	for _, s := range strings.Split(stream, "\r")[1:] {
		if strings.HasPrefix(s, "\x1b[K") || s != "" && strings.Trim(s, " ") == "" {
			n++
		}
	}
	return n
}

// known returns the total of a batch of n instances, known.
func known(n int) func() (int, bool) { return func() (int, bool) { return n, true } }
