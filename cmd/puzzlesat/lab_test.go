package main

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// lines is a writer that passes each write to a channel.
type lines chan string

func (l lines) Write(p []byte) (int, error) { l <- string(p); return len(p), nil }

// TestLabServesOnLoopback starts puzzlesat lab on a free loopback port:
// it prints its URL, serves the page and the API there, refuses another
// Host, and ends at an interrupt with status 130.
func TestLabServesOnLoopback(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	out := make(lines, 16)
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"lab", "--http=127.0.0.1:0"}, strings.NewReader(""), out, io.Discard)
	}()
	url := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+/`).FindString(<-out)
	require.NotEmpty(t, url)

	r, err := http.Get(url + "api/kinds")
	require.NoError(t, err)
	r.Body.Close()
	require.Equal(t, http.StatusOK, r.StatusCode)
	r, err = http.Get(url)
	require.NoError(t, err)
	b, _ := io.ReadAll(r.Body)
	r.Body.Close()
	require.Contains(t, string(b), "puzzlesat lab")

	req, err := http.NewRequest("GET", url+"api/kinds", nil)
	require.NoError(t, err)
	req.Host = "rebound.example"
	r, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	r.Body.Close()
	require.Equal(t, http.StatusForbidden, r.StatusCode)

	cancel(errInterrupted)
	require.Equal(t, exitInterrupted, <-done)
}

func TestLabFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"lab", "x"}, "lab takes no arguments"},
		{[]string{"lab", "--jobs=0"}, "--jobs must be in"},
		{[]string{"lab", "--nodes=5"}, "--nodes must be at least 100"},
		{[]string{"lab", "--http=nonsense"}, "lab: listen tcp"},
	} {
		_, errs, code := cli(t, "", tc.args...)
		require.Equal(t, exitUsage, code, tc.args)
		require.Contains(t, errs, tc.msg, tc.args)
	}
	out, _, code := cli(t, "", "lab", "-h")
	require.Equal(t, exitOK, code)
	require.Contains(t, out, "-http HOST:PORT")
}
