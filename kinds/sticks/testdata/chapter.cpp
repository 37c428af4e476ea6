// The chapter's sticks program (0x23, AcWing 167 / POJ 1011), instrumented:
// the listing's search, step by step, with the text's cuts where the listing
// slips (the recursive call passes i+1, not last+1, as cut 3.1 says; the
// scan over equal lengths runs to n, not n-1, as cut 3.2 says), a counter
// for the calls of dfs and one for each cut, and each cut switchable.
//
// puzzlesat's native.SticksChapter is pinned against it: its tests build
// this file and compare the counts line by line.
//
//	chapter [-1] [-2] [-3.1] [-3.2] [-3.3] [-3.4] [max=N] < blocks
//
// "-X" switches cut X off. For each block it prints
//
//	LENGTH nodes=N 1=C 2=C 3.1=C 3.2=C 3.3=C 3.4=C
//
// ("over" for LENGTH when the block took more than max=N calls), where N
// counts the calls of dfs over every length tried, and each C the
// times the cut's condition ended a loop's iteration or a call that the
// puzzle's own rules (a piece is used once, a stick is not overfilled)
// would have gone on with: (1) the lengths skipped; (2), an order that
// ends nothing, the pieces it tried, in its order; (3.1) the unused pieces
// that fit but come before the last one taken; (3.2) the unused pieces of
// the length that just failed, skipped when the loop goes on; (3.3) and
// (3.4) the calls they end. A cut that is off counts 0.
//
// Off, each cut gives way to what the search does without it: (1) every
// length from the longest piece up is searched, for ceil(sum/len) sticks,
// which a length that does not divide the sum cannot fill; (2) the pieces
// are sorted shortest first (the lengths are still tried from the longest
// piece up); (3.1) every stick's loop starts at the first piece; (3.2) no
// piece is skipped; (3.3) and (3.4) the loop goes on.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

enum { C1, C2, C31, C32, C33, C34, NCUTS };
static const char *names[NCUTS] = {"1", "2", "3.1", "3.2", "3.3", "3.4"};
static bool on[NCUTS];
static long long nodes, cut[NCUTS];
static long long maxNodes = -1; // max=N: give up an instance past N calls
static bool over;               // it gave up

static std::vector<int> a, v; // a[1..n], v[i]: piece i is used
static int n, sum, len, cnt;

// dfs fills stick number stick (from 1), of which s is filled, the last
// piece put into it being before index last; as the listing's.
static bool dfs(int stick, int s, int last) {
	nodes++;
	if (maxNodes >= 0 && nodes > maxNodes) over = true;
	if (over) return false;
	if (stick > cnt) return true;
	if (s == len) return dfs(stick + 1, 0, 1);
	for (int i = 1; i <= n; i++) {
		if (v[i] || s + a[i] > len) continue;
		if (i < last) { // the listing starts the loop at last: cut 3.1
			if (on[C31]) {
				cut[C31]++;
				continue;
			}
		}
		if (on[C2]) cut[C2]++;
		v[i] = 1;
		if (dfs(stick, s + a[i], i + 1)) return true;
		v[i] = 0;
		int skipped = 0;
		if (on[C32]) {
			int j = i + 1;
			while (j <= n && a[i] == a[j]) {
				if (!v[j]) skipped++;
				j++;
			}
			i = j - 1;
		}
		if (on[C33] && !s) {
			cut[C33]++;
			return false;
		}
		if (on[C34] && s + a[i] == len) {
			cut[C34]++;
			return false;
		}
		cut[C32] += skipped;
	}
	return false;
}

int main(int argc, char **argv) {
	for (int k = 0; k < NCUTS; k++) on[k] = true;
	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "max=", 4) == 0) {
			maxNodes = atoll(argv[i] + 4);
			continue;
		}
		int k = 0;
		while (k < NCUTS && (argv[i][0] != '-' || strcmp(argv[i] + 1, names[k]) != 0)) k++;
		if (k == NCUTS) {
			fprintf(stderr, "usage: chapter [-1] [-2] [-3.1] [-3.2] [-3.3] [-3.4] [max=N] < blocks\n");
			return 2;
		}
		on[k] = false;
	}
	while (scanf("%d", &n) == 1 && n) {
		a.assign(n + 2, 0);
		v.assign(n + 2, 0);
		sum = 0;
		for (int i = 1; i <= n; i++) {
			if (scanf("%d", &a[i]) != 1) return 2;
			sum += a[i];
		}
		std::sort(a.begin() + 1, a.begin() + 1 + n);
		if (on[C2]) std::reverse(a.begin() + 1, a.begin() + 1 + n);
		nodes = 0, over = false;
		memset(cut, 0, sizeof cut);
		int longest = *std::max_element(a.begin() + 1, a.begin() + 1 + n);
		for (len = longest; len <= sum; len++) {
			if (sum % len) {
				if (on[C1]) {
					cut[C1]++;
					continue;
				}
			}
			cnt = (sum + len - 1) / len;
			std::fill(v.begin(), v.end(), 0);
			if (dfs(1, 0, 1) || over) break;
		}
		if (over)
			printf("over nodes=%lld", nodes);
		else
			printf("%d nodes=%lld", len, nodes);
		for (int k = 0; k < NCUTS; k++) printf(" %s=%lld", names[k], cut[k]);
		printf("\n");
	}
	return 0;
}
