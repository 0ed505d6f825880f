package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync/atomic"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/dynoscope/dynoscope/engine/export"
)

// s3Export reads a DynamoDB export straight from Amazon S3, read-only
// (ListObjectsV2 and GetObject, nothing else), counting its requests and
// bytes. Objects are listed once; manifests (small objects) are read once.
type s3Export struct {
	ctx            context.Context
	client         *s3.Client
	bucket, prefix string
	objs           []export.ObjectInfo
	small          map[string][]byte
	lists, gets    atomic.Int64
	read           atomic.Int64
}

// parseS3URL splits s3://bucket/prefix.
func parseS3URL(u string) (bucket, prefix string, err error) {
	rest, ok := strings.CutPrefix(u, "s3://")
	if !ok || rest == "" {
		return "", "", fmt.Errorf("%q is not an s3://BUCKET/PREFIX address", u)
	}
	bucket, prefix, _ = strings.Cut(rest, "/")
	if bucket == "" {
		return "", "", fmt.Errorf("%q names no bucket", u)
	}
	return bucket, prefix, nil
}

// s3Flags are the options of a load from real S3.
type s3Flags struct {
	region, profile, endpoint string
}

// openS3Export lists an export's objects under s3://bucket/prefix.
func openS3Export(ctx context.Context, u string, f s3Flags) (*s3Export, error) {
	bucket, prefix, err := parseS3URL(u)
	if err != nil {
		return nil, err
	}
	if f.region == "" && f.endpoint == "" {
		return nil, fmt.Errorf("%s: reading from S3 needs --region (and --profile, or the AWS environment, for credentials)", u)
	}
	var opts []func(*config.LoadOptions) error
	if f.region != "" {
		opts = append(opts, config.WithRegion(f.region))
	} else {
		opts = append(opts, config.WithRegion("us-east-1"))
	}
	if f.profile != "" {
		opts = append(opts, config.WithSharedConfigProfile(f.profile))
	}
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, err
	}
	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		if f.endpoint != "" {
			o.BaseEndpoint = aws.String(f.endpoint)
			o.UsePathStyle = true
		}
	})
	s := &s3Export{ctx: ctx, client: client, bucket: bucket, prefix: prefix, small: map[string][]byte{}}
	p := s3.NewListObjectsV2Paginator(client, &s3.ListObjectsV2Input{Bucket: aws.String(bucket), Prefix: aws.String(prefix)})
	for p.HasMorePages() {
		s.lists.Add(1)
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: listing: %w", u, err)
		}
		for _, o := range page.Contents {
			s.objs = append(s.objs, export.ObjectInfo{Key: aws.ToString(o.Key), Size: aws.ToInt64(o.Size)})
		}
	}
	return s, nil
}

// Name is the export's s3:// address.
func (s *s3Export) Name() string { return "s3://" + s.bucket + "/" + s.prefix }

// List lists the objects (listed once) whose keys start with prefix.
func (s *s3Export) List(prefix string) ([]export.ObjectInfo, error) {
	var out []export.ObjectInfo
	for _, o := range s.objs {
		if strings.HasPrefix(o.Key, prefix) {
			out = append(out, o)
		}
	}
	return out, nil
}

// smallObject is the size under which an object (a manifest) is kept once
// read.
const smallObject = 1 << 20

// Open reads an object with GetObject.
func (s *s3Export) Open(key string) (io.ReadCloser, error) {
	if b, ok := s.small[key]; ok {
		return io.NopCloser(bytes.NewReader(b)), nil
	}
	s.gets.Add(1)
	out, err := s.client.GetObject(s.ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if err != nil {
		var nk *s3types.NoSuchKey
		if errors.As(err, &nk) {
			return nil, fmt.Errorf("s3://%s/%s: %w", s.bucket, key, fs.ErrNotExist)
		}
		return nil, fmt.Errorf("s3://%s/%s: %w", s.bucket, key, err)
	}
	if aws.ToInt64(out.ContentLength) > 0 && aws.ToInt64(out.ContentLength) < smallObject {
		b, err := io.ReadAll(out.Body)
		out.Body.Close()
		s.read.Add(int64(len(b)))
		if err != nil {
			return nil, err
		}
		s.small[key] = b
		return io.NopCloser(bytes.NewReader(b)), nil
	}
	return &countingBody{r: out.Body, n: &s.read}, nil
}

type countingBody struct {
	r io.ReadCloser
	n *atomic.Int64
}

func (c *countingBody) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

func (c *countingBody) Close() error { return c.r.Close() }

// cost says, before anything is read, what loading the export costs: its
// data files' GETs and bytes, the manifests' GETs and the LISTs made.
func (s *s3Export) cost() (string, error) {
	key, err := export.FindOne(s, "")
	if err != nil {
		return "", err
	}
	x, err := export.Open(s, key)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s: an export of %s, %s items in %d data files (%s): loading it reads %s in %d GET requests, after %d LIST and %d GET requests for the listing and the manifests",
		s.Name(), x.Summary.TableName(), commas(int(x.Summary.ItemCount)), len(x.Files), sizeOf(x.Bytes), sizeOf(x.Bytes), len(x.Files), s.lists.Load(), s.gets.Load()), nil
}

// spent says what reading the export took.
func (s *s3Export) spent() string {
	return fmt.Sprintf("%s: %d LIST and %d GET requests, %s read", s.Name(), s.lists.Load(), s.gets.Load(), sizeOf(s.read.Load()))
}

// sizeOf writes a byte count: "1.2 MB".
func sizeOf(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
