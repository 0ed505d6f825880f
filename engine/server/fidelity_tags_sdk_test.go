package server_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

const tagArn = "arn:aws:dynamodb:us-east-1:000000000000:table/Music"

func tags(kv ...string) []types.Tag {
	var out []types.Tag
	for i := 0; i < len(kv); i += 2 {
		out = append(out, types.Tag{Key: aws.String(kv[i]), Value: aws.String(kv[i+1])})
	}
	return out
}

func listTags(t *testing.T, c *dynamodb.Client, arn string) string {
	t.Helper()
	out, err := c.ListTagsOfResource(bg, &dynamodb.ListTagsOfResourceInput{ResourceArn: aws.String(arn)})
	if err != nil {
		t.Fatalf("ListTagsOfResource: %v", err)
	}
	if out.Tags == nil || out.NextToken != nil {
		t.Fatalf("ListTagsOfResource: Tags %v, NextToken %v", out.Tags, out.NextToken)
	}
	var parts []string
	for _, tag := range out.Tags {
		parts = append(parts, *tag.Key+"="+*tag.Value)
	}
	return strings.Join(parts, " ")
}

// TestSDKTagging: TagResource, UntagResource and ListTagsOfResource on a
// table's ARN, and Tags on CreateTable.
func TestSDKTagging(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	c := srv.c
	d := createTable(t, c, "Music")
	if *d.TableArn != tagArn {
		t.Fatalf("TableArn %s", *d.TableArn)
	}
	if got := listTags(t, c, tagArn); got != "" {
		t.Fatalf("a new table has tags %q", got)
	}
	mustTag := func(tags []types.Tag) {
		t.Helper()
		if _, err := c.TagResource(bg, &dynamodb.TagResourceInput{ResourceArn: aws.String(tagArn), Tags: tags}); err != nil {
			t.Fatalf("TagResource: %v", err)
		}
	}
	mustTag(tags("env", "test", "team", "data", "7", " ", "empty", ""))
	if got := listTags(t, c, tagArn); got != "7=  empty= env=test team=data" {
		t.Fatalf("tags %q", got)
	}
	mustTag(tags("env", "prod", "cost-centre", "a/b:c+d=e.f_g", "Größe", "groß"))
	if got := listTags(t, c, tagArn); got != "7=  Größe=groß cost-centre=a/b:c+d=e.f_g empty= env=prod team=data" {
		t.Fatalf("tags after overwrite %q", got)
	}
	if _, err := c.UntagResource(bg, &dynamodb.UntagResourceInput{ResourceArn: aws.String(tagArn), TagKeys: []string{"team", "no-such-key", "7"}}); err != nil {
		t.Fatalf("UntagResource: %v", err)
	}
	if got := listTags(t, c, tagArn); got != "Größe=groß cost-centre=a/b:c+d=e.f_g empty= env=prod" {
		t.Fatalf("tags after untag %q", got)
	}

	// Tags given to CreateTable.
	if _, err := c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String("Tagged"), BillingMode: types.BillingModePayPerRequest,
		KeySchema: []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)}, AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)},
		Tags: tags("b", "2", "a", "1")}); err != nil {
		t.Fatal(err)
	}
	if got := listTags(t, c, "arn:aws:dynamodb:us-east-1:000000000000:table/Tagged"); got != "a=1 b=2" {
		t.Fatalf("CreateTable tags %q", got)
	}
}

// TestSDKTagResourceEmptyBody: TagResource and UntagResource answer 200
// with an empty body, as DynamoDB does (API Reference).
func TestSDKTagResourceEmptyBody(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	createTable(t, srv.c, "Music")
	for action, body := range map[string]string{
		"TagResource":   `{"ResourceArn":"` + tagArn + `","Tags":[{"Key":"a","Value":"b"}]}`,
		"UntagResource": `{"ResourceArn":"` + tagArn + `","TagKeys":["a"]}`,
	} {
		req, _ := http.NewRequest(http.MethodPost, srv.url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-amz-json-1.0")
		req.Header.Set("X-Amz-Target", "DynamoDB_20120810."+action)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(b) != 0 || resp.Header.Get("x-amz-crc32") != "0" {
			t.Errorf("%s: %d %q crc %s, want 200 with an empty body", action, resp.StatusCode, b, resp.Header.Get("x-amz-crc32"))
		}
	}
}

// TestSDKTaggingErrors: every refusal, in DynamoDB's order, and nothing
// changes.
func TestSDKTaggingErrors(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	c := srv.c
	createTable(t, c, "Music")
	missing := "arn:aws:dynamodb:us-east-1:000000000000:table/NoSuchTable"
	tag := func(arn string, tags []types.Tag) error {
		_, err := c.TagResource(bg, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: tags})
		return err
	}
	keys := func(from, to int) []types.Tag {
		var out []types.Tag
		for i := from; i < to; i++ {
			out = append(out, tags(fmt.Sprint(i), fmt.Sprint(i))...)
		}
		return out
	}
	tests := []struct {
		name, code, msg string
		err             error
	}{
		{"no tags", "ValidationException", "Atleast one Tag needs to be provided as Input.", tag(tagArn, []types.Tag{})},
		{"short table name", "ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input arn:aws:dynamodb:us-east-1:000000000000:table/ab",
			tag("arn:aws:dynamodb:us-east-1:000000000000:table/ab", tags("a", "b"))},
		{"index ARN", "ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input " + tagArn + "/index/byArtist",
			tag(tagArn+"/index/byArtist", tags("a", "b"))},
		{"other region", "ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input arn:aws:dynamodb:eu-west-1:000000000000:table/Music",
			tag("arn:aws:dynamodb:eu-west-1:000000000000:table/Music", tags("a", "b"))},
		{"not an ARN", "ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input Music", tag("Music", tags("a", "b"))},
		{"empty ARN", "ValidationException", "1 validation error detected: Value '' at 'resourceArn' failed to satisfy constraint: Member must have length greater than or equal to 1",
			tag("", tags("a", "b"))},
		{"missing table", "ResourceNotFoundException", "Requested resource not found: ResourcArn: " + missing + " not found", tag(missing, tags("a", "b"))},
		{"empty key and long value", "ValidationException", "2 validation errors detected: Value '' at 'tags.1.member.key' failed to satisfy constraint: Member must have length greater than or equal to 1; " +
			"Value '" + strings.Repeat("v", 257) + "' at 'tags.2.member.value' failed to satisfy constraint: Member must have length less than or equal to 256",
			tag(tagArn, tags("", "x", "k", strings.Repeat("v", 257)))},
		{"long key", "ValidationException", "1 validation error detected: Value '" + strings.Repeat("k", 129) + "' at 'tags.1.member.key' failed to satisfy constraint: Member must have length less than or equal to 128",
			tag(tagArn, tags(strings.Repeat("k", 129), "x"))},
		{"character", "ValidationException", "One or more parameter values were invalid: Tag keys and values may contain only letters, white space, numbers and + - = . _ : /",
			tag(tagArn, tags("hi!", "x"))},
		{"character in a value", "ValidationException", "One or more parameter values were invalid: Tag keys and values may contain only letters, white space, numbers and + - = . _ : /",
			tag(tagArn, tags("ok", `"hello"`))},
		{"aws: prefix", "ValidationException", "One or more parameter values were invalid: Tag keys beginning with aws: are reserved for AWS and cannot be assigned: AWS:cloudformation:stack-name",
			tag(tagArn, tags("AWS:cloudformation:stack-name", "x"))},
		{"untag nothing", "ValidationException", "Atleast one Tag Key needs to be provided as Input.",
			func() error {
				_, err := c.UntagResource(bg, &dynamodb.UntagResourceInput{ResourceArn: aws.String(tagArn), TagKeys: []string{}})
				return err
			}()},
		{"untag a missing table", "ResourceNotFoundException", "Requested resource not found",
			func() error {
				_, err := c.UntagResource(bg, &dynamodb.UntagResourceInput{ResourceArn: aws.String(missing), TagKeys: []string{"a"}})
				return err
			}()},
		{"list a missing table", "ResourceNotFoundException", "Requested resource not found: ResourcArn: " + missing + " not found",
			func() error {
				_, err := c.ListTagsOfResource(bg, &dynamodb.ListTagsOfResourceInput{ResourceArn: aws.String(missing)})
				return err
			}()},
		{"list an index", "ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input " + tagArn + "/stream/2026-03-01T12:00:00.000",
			func() error {
				_, err := c.ListTagsOfResource(bg, &dynamodb.ListTagsOfResourceInput{ResourceArn: aws.String(tagArn + "/stream/2026-03-01T12:00:00.000")})
				return err
			}()},
		{"create with 51 tags", "ValidationException", "One or more parameter values were invalid: A table can have at most 50 tags; this request would leave it with 51",
			func() error {
				_, err := c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String("TooMany"), BillingMode: types.BillingModePayPerRequest,
					KeySchema: []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)}, AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)},
					Tags: keys(0, 51)})
				return err
			}()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantAPIError(t, tt.err, tt.code, tt.msg) })
	}
	if got := listTags(t, c, tagArn); got != "" {
		t.Fatalf("refused requests left tags %q", got)
	}
	if _, err := c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String("TooMany")}); err == nil {
		t.Fatal("the refused CreateTable created its table")
	}

	// 50 tags at most: 30, then 20 of which 10 are new, then 20 new.
	if err := tag(tagArn, keys(0, 30)); err != nil {
		t.Fatal(err)
	}
	if err := tag(tagArn, keys(20, 40)); err != nil {
		t.Fatal(err)
	}
	wantAPIError(t, tag(tagArn, keys(40, 60)), "ValidationException", "One or more parameter values were invalid: A table can have at most 50 tags; this request would leave it with 60")
	if err := tag(tagArn, keys(40, 50)); err != nil {
		t.Fatalf("the 50th tag: %v", err)
	}
	if got := strings.Count(listTags(t, c, tagArn), "="); got != 50 {
		t.Fatalf("%d tags, want 50", got)
	}

	// What the SDK will not send.
	srv.rawError(t, "TagResource", `{"Tags":[{"Key":"a","Value":"b"}]}`, "ValidationException", "Invalid TableArn")
	srv.rawError(t, "UntagResource", `{"TagKeys":["a"]}`, "ValidationException", "Invalid TableArn")
	srv.rawError(t, "ListTagsOfResource", `{}`, "ValidationException", "Invalid TableArn")
	srv.rawError(t, "TagResource", `{"ResourceArn":"`+tagArn+`"}`, "ValidationException",
		"1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null")
	srv.rawError(t, "UntagResource", `{"ResourceArn":"`+tagArn+`"}`, "ValidationException",
		"1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member must not be null")
	srv.rawError(t, "TagResource", `{"ResourceArn":"`+tagArn+`","Tags":[{"Key":"dog"},{"Value":"x"}]}`, "ValidationException",
		"2 validation errors detected: Value null at 'tags.1.member.value' failed to satisfy constraint: Member must not be null; "+
			"Value null at 'tags.2.member.key' failed to satisfy constraint: Member must not be null")
}
