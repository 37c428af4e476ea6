module github.com/puzzlesat/puzzlesat

go 1.26

require (
	github.com/chromedp/chromedp v0.23.1
	github.com/go-air/gini v1.0.4
	github.com/stretchr/testify v1.12.1
	github.com/ulikunitz/xz v0.5.17
	golang.org/x/image v0.45.0
	golang.org/x/sys v0.47.0
	golang.org/x/term v0.44.0
)

require (
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/text v0.41.0 // indirect
)
