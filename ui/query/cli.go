package query

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// cliCommand renders a Query, Scan, ExecuteStatement or TransactWriteItems
// request as the equivalent AWS CLI
// command line, one option per element, quoted for a POSIX shell; endpoint
// (when the engine is also served over HTTP) becomes --endpoint-url.
func cliCommand(in any, endpoint string) []string {
	var parts []string
	add := func(opt string, val ...string) {
		s := opt
		for _, v := range val {
			s += " " + shellQuote(v)
		}
		parts = append(parts, s)
	}
	common := func(table, index string, names map[string]string, values map[string]model.AttributeValue,
		filter, projection string, limit *int32, consistent *bool, start model.Item, rcc string) {
		if index != "" {
			add("--index-name", index)
		}
		if filter != "" {
			add("--filter-expression", filter)
		}
		if projection != "" {
			add("--projection-expression", projection)
		}
		if len(names) > 0 {
			add("--expression-attribute-names", namesJSON(names))
		}
		if len(values) > 0 {
			add("--expression-attribute-values", string(model.AppendItemJSON(nil, values)))
		}
		if consistent != nil && *consistent {
			add("--consistent-read")
		}
		if limit != nil {
			// --max-items pages client-side; --limit is the request's Limit.
			add("--limit", fmt.Sprint(*limit))
		}
		if start != nil {
			add("--exclusive-start-key", string(model.AppendItemJSON(nil, start)))
		}
		if rcc != "" {
			add("--return-consumed-capacity", rcc)
		}
	}
	switch in := in.(type) {
	case *model.QueryInput:
		parts = append(parts, "aws dynamodb query")
		add("--table-name", in.TableName)
		add("--key-condition-expression", in.KeyConditionExpression)
		if in.ScanIndexForward != nil && !*in.ScanIndexForward {
			add("--no-scan-index-forward")
		}
		common(in.TableName, in.IndexName, in.ExpressionAttributeNames, in.ExpressionAttributeValues,
			in.FilterExpression, in.ProjectionExpression, in.Limit, in.ConsistentRead, in.ExclusiveStartKey, in.ReturnConsumedCapacity)
	case *model.ScanInput:
		parts = append(parts, "aws dynamodb scan")
		add("--table-name", in.TableName)
		common(in.TableName, in.IndexName, in.ExpressionAttributeNames, in.ExpressionAttributeValues,
			in.FilterExpression, in.ProjectionExpression, in.Limit, in.ConsistentRead, in.ExclusiveStartKey, in.ReturnConsumedCapacity)
	case *model.ExecuteStatementInput:
		return statementCommand(in, endpoint)
	case *model.SearchVectorsInput:
		return searchVectorsCommand(in, endpoint)
	case *model.TransactWriteItemsInput:
		parts = append(parts, "aws dynamodb transact-write-items")
		add("--transact-items", jsonText(in.TransactItems))
		if in.ClientRequestToken != "" {
			add("--client-request-token", in.ClientRequestToken)
		}
		if in.ReturnConsumedCapacity != "" {
			add("--return-consumed-capacity", in.ReturnConsumedCapacity)
		}
		if endpoint != "" {
			add("--endpoint-url", endpointURL(endpoint))
		}
		return parts
	default:
		return nil
	}
	// One pass of the CLI's own pager would hide LastEvaluatedKey; ask for
	// exactly one page, like the explorer does.
	parts = append(parts, "--no-paginate")
	if endpoint != "" {
		add("--endpoint-url", endpointURL(endpoint))
	}
	return parts
}

// endpointURL is an endpoint as --endpoint-url takes it: an address the
// engine is served on here ("127.0.0.1:8000") gets http://; a URL the
// explorer was pointed at (http:// or https://) stays as it is.
func endpointURL(endpoint string) string {
	if endpoint == "" || strings.Contains(endpoint, "://") {
		return endpoint
	}
	return "http://" + endpoint
}

// atShownPage is the mode's request for the page the pane shows: after n
// (the next page) the CLI line and the programs carry the
// ExclusiveStartKey (Query, Scan) or the NextToken (PartiQL) that read it,
// so what is copied fetches what is on the screen. A request that differs
// from the one shown (the form changed since) is left at its first page.
func (q *Model) atShownPage(in any) any {
	switch in := in.(type) {
	case *model.QueryInput:
		if r := q.f.res; r != nil {
			if shown, ok := r.in.(*model.QueryInput); ok && shown.ExclusiveStartKey != nil {
				c := *in
				c.ExclusiveStartKey = shown.ExclusiveStartKey
				if sameRequest(&c, shown) {
					return &c
				}
			}
		}
	case *model.ScanInput:
		if r := q.f.res; r != nil {
			if shown, ok := r.in.(*model.ScanInput); ok && shown.ExclusiveStartKey != nil {
				c := *in
				c.ExclusiveStartKey = shown.ExclusiveStartKey
				if sameRequest(&c, shown) {
					return &c
				}
			}
		}
	case *model.ExecuteStatementInput:
		if r := q.pq.res; r != nil && r.in != nil && r.in.NextToken != "" {
			c := *in
			c.NextToken = r.in.NextToken
			if sameRequest(&c, r.in) {
				return &c
			}
		}
	}
	return in
}

// sameRequest reports whether two requests are the same on the wire.
func sameRequest(a, b any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}

// statementCommand renders an ExecuteStatement request; the CLI does not
// page execute-statement itself, so --next-token is the page asked for.
func statementCommand(in *model.ExecuteStatementInput, endpoint string) []string {
	parts := []string{"aws dynamodb execute-statement"}
	add := func(opt string, val ...string) {
		s := opt
		for _, v := range val {
			s += " " + shellQuote(v)
		}
		parts = append(parts, s)
	}
	add("--statement", in.Statement)
	if in.Parameters != nil {
		b := []byte{'['}
		for i, p := range in.Parameters {
			if i > 0 {
				b = append(b, ',')
			}
			b = model.AppendJSON(b, p)
		}
		add("--parameters", string(append(b, ']')))
	}
	if in.ConsistentRead != nil && *in.ConsistentRead {
		add("--consistent-read")
	}
	if in.Limit != nil {
		add("--limit", fmt.Sprint(*in.Limit))
	}
	if in.NextToken != "" {
		add("--next-token", in.NextToken)
	}
	if in.ReturnConsumedCapacity != "" {
		add("--return-consumed-capacity", in.ReturnConsumedCapacity)
	}
	if endpoint != "" {
		add("--endpoint-url", endpointURL(endpoint))
	}
	return parts
}

// jsonText is v as compact JSON, with <, > and & as they are (what a
// person pastes; json.Marshal would write \u003c).
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return ""
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// CLIText joins the command into one line (what is copied).
func CLIText(in any, endpoint string) string { return strings.Join(cliCommand(in, endpoint), " ") }

func namesJSON(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kq, _ := json.Marshal(k)
		vq, _ := json.Marshal(m[k])
		b.Write(kq)
		b.WriteByte(':')
		b.Write(vq)
	}
	b.WriteByte('}')
	return b.String()
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// wrapCommand lays the command's parts out in lines of at most w cells,
// ending continued lines with " \" so the text pastes into a shell.
func wrapCommand(parts []string, w int) []string {
	var out []string
	line := ""
	for _, p := range parts {
		switch {
		case line == "":
			line = p
		case kit.Width(line)+1+kit.Width(p)+2 <= w:
			line += " " + p
		default:
			out = append(out, line+" \\")
			line = "  " + p
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
