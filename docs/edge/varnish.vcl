vcl 4.1;

# agent-ready behind Varnish Cache 7.1 with varnish-modules (xkey, var), as shipped and tested
# (docs/edge.md). What it adds to builtin.vcl:
#
# - Shared-cache lifetimes from the origin's targeted fields: `Surrogate-Control: max-age=<s>`,
#   else `CDN-Cache-Control: max-age=<s>` (RFC 9213). Without either, builtin.vcl's rules on
#   `Cache-Control` apply, which for agent responses (`max-age=0`) means nothing is reused.
# - Cache tags: the origin's `Surrogate-Key` (space-separated) goes into xkey, and
#   `PURGE` with an `xkey-purge` (or `xkey-softpurge`) header removes every object tagged with
#   one of its keys, from the addresses in `agent_ready_purgers` only (plus a shared token, when
#   set in vcl_init).
# - Conditional requests Varnish cannot evaluate the way the origin does go to the origin.
# - SCP collections keep the origin's `Accept-Encoding` negotiation: zstd, gzip and identity are
#   separate objects, each with its own strong ETag, never decoded or re-encoded by Varnish.
# - The surrogate fields are removed before delivery: agents and browsers get `Cache-Control`
#   and the strong ETags exactly as the origin sends them.
#
# Edit the backend, the purgers ACL and, if wanted, the purge token below.

import std;
import var;
import xkey;

backend default {
    .host = "127.0.0.1";
    .port = "1337";
}

# Who may purge: the hosts running the agent-ready purge delivery (the Varnish purger).
acl agent_ready_purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    # A shared token every PURGE must carry in `X-Purge-Token` (the purger's `token` option),
    # on top of the ACL. Empty: the ACL alone decides.
    var.global_set("agent_ready_purge_token", "");
}

#######################################################################
# Client side

sub vcl_recv {
    # Names this configuration uses internally are never taken from a client.
    unset req.http.X-Agent-Ready-Coding;
    unset req.http.X-Agent-Ready-Purged;
    if (req.method == "PURGE") {
        call agent_ready_purge;
    }
    # builtin.vcl: a Host is required, methods other than GET and HEAD pass, requests with
    # Authorization or Cookie pass.
    call vcl_builtin_recv;
    call agent_ready_recv;
    return (hash);
}

sub agent_ready_purge {
    if (client.ip !~ agent_ready_purgers) {
        return (synth(403, "Forbidden"));
    }
    if (var.global_get("agent_ready_purge_token") != "" &&
        req.http.X-Purge-Token != var.global_get("agent_ready_purge_token")) {
        return (synth(403, "Forbidden"));
    }
    if (req.http.xkey-softpurge) {
        # Soft: the objects turn stale and may still be served during their grace
        # (stale-while-revalidate) while Varnish fetches them again.
        set req.http.X-Agent-Ready-Purged = xkey.softpurge(req.http.xkey-softpurge);
    } elsif (req.http.xkey-purge) {
        set req.http.X-Agent-Ready-Purged = xkey.purge(req.http.xkey-purge);
    } else {
        return (synth(400, "PURGE needs an xkey-purge or xkey-softpurge header"));
    }
    return (synth(200, "Purged"));
}

sub agent_ready_recv {
    # Web Bot Auth (RFC 9421 message signatures): the origin verifies the signature, may refuse
    # unsigned agents and counts signed ones. A signature is made for one request: never
    # answered from the cache.
    if (req.http.Signature || req.http.Signature-Input || req.http.Signature-Agent) {
        return (pass);
    }
    # Varnish ignores If-Match and If-Unmodified-Since and answers If-Range its own way.
    if (req.http.If-Match || req.http.If-Unmodified-Since || req.http.If-Range) {
        return (pass);
    }
    if (req.http.If-None-Match) {
        # Varnish compares the whole field with the object's ETag as one string: a list of tags
        # or `*` never matches there (200 where the origin answers 304). It is left one
        # entity-tag; with a Range it compares strongly where the origin compares weakly.
        if (req.http.If-None-Match !~ {"^(W/)?"[!#-~]*"$"} || req.http.Range) {
            return (pass);
        }
    } elsif (req.http.If-Modified-Since) {
        # Varnish reads more date forms than the origin does and refuses a date in the future
        # (200 where the origin answers 304): it is left an IMF-fixdate in the past.
        if (req.http.If-Modified-Since !~ "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$" ||
            std.time(req.http.If-Modified-Since, now) >= now ||
            req.http.Range) {
            return (pass);
        }
    }
    # SCP collections: Varnish would rewrite Accept-Encoding to `gzip` or nothing (so zstd is
    # never asked for) and decode gzip itself for clients without "gzip" (weakening the ETag).
    # The client's own field picks the object and goes to the origin, which negotiates.
    if (req.url ~ "^[^?#]*\.scp([?#].*)?$") {
        if (req.http.Accept-Encoding) {
            set req.http.X-Agent-Ready-Coding = "accept:" + req.http.Accept-Encoding;
        } else {
            set req.http.X-Agent-Ready-Coding = "none";
        }
    }
}

sub vcl_hash {
    if (req.http.X-Agent-Ready-Coding) {
        hash_data(req.http.X-Agent-Ready-Coding);
    }
    # builtin.vcl follows: the URL and the Host.
}

sub vcl_synth {
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        if (req.http.X-Agent-Ready-Purged) {
            set resp.http.X-Purged-Objects = req.http.X-Agent-Ready-Purged;
        }
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}

sub vcl_deliver {
    if (resp.http.X-Agent-Ready-Content-Encoding) {
        set resp.http.Content-Encoding = resp.http.X-Agent-Ready-Content-Encoding;
        unset resp.http.X-Agent-Ready-Content-Encoding;
    }
    if (resp.http.X-Agent-Ready-Vary) {
        set resp.http.Vary = resp.http.X-Agent-Ready-Vary;
        unset resp.http.X-Agent-Ready-Vary;
    }
    # For this cache only: agents and browsers keep the origin's Cache-Control.
    unset resp.http.Surrogate-Control;
    unset resp.http.Surrogate-Key;
    unset resp.http.xkey;
    # Varnish turns a hit into a 304 after this point, keeping these fields: its 304s also carry
    # Content-Type (and Content-Encoding, Content-Digest) where the origin's do not. RFC 9110
    # §15.4.5 only discourages that; the validators are the origin's.
}

#######################################################################
# Backend side

sub vcl_backend_fetch {
    if (bereq.http.X-Agent-Ready-Coding) {
        # Varnish asks for gzip on every miss: an SCP collection is asked for with the client's
        # own Accept-Encoding (or none), as hashed.
        if (bereq.http.X-Agent-Ready-Coding ~ "^accept:") {
            set bereq.http.Accept-Encoding = regsub(bereq.http.X-Agent-Ready-Coding, "^accept:", "");
        } else {
            unset bereq.http.Accept-Encoding;
        }
        unset bereq.http.X-Agent-Ready-Coding;
    }
}

sub vcl_backend_response {
    if (bereq.url ~ "^[^?#]*\.scp([?#].*)?$" || beresp.http.Cache-Control ~ "(?i)no-transform") {
        # Out of Varnish's sight, a gzip body is stored and sent as the origin made it: never
        # decoded for a client without "gzip" (which would also weaken its strong ETag).
        if (beresp.http.Content-Encoding) {
            set beresp.http.X-Agent-Ready-Content-Encoding = beresp.http.Content-Encoding;
            unset beresp.http.Content-Encoding;
        }
    }
    if (bereq.url ~ "^[^?#]*\.scp([?#].*)?$" && beresp.http.Vary) {
        # The coding is part of the hash: Varnish's own Vary matching (on the Accept-Encoding it
        # rewrote) stays out of it. Agents still get the origin's Vary.
        set beresp.http.X-Agent-Ready-Vary = beresp.http.Vary;
        unset beresp.http.Vary;
    }
    if (bereq.uncacheable) {
        return (deliver);
    }
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    if (beresp.http.Surrogate-Control) {
        call agent_ready_surrogate_ttl;
    } elsif (beresp.http.CDN-Cache-Control) {
        call agent_ready_cdn_ttl;
    } else {
        call vcl_builtin_backend_response;
        return (deliver);
    }
    # A targeted field replaces Cache-Control for this cache (RFC 9213 §2.2): builtin.vcl's
    # other rules still apply.
    call vcl_beresp_stale;
    call vcl_beresp_cookie;
    call vcl_beresp_vary;
    return (deliver);
}

sub agent_ready_surrogate_ttl {
    if (beresp.http.Surrogate-Control ~ "(?i)(^|[ ,])(no-store|private)") {
        call vcl_beresp_hitmiss;
    } elsif (beresp.http.Surrogate-Control ~ "(?i)(^|[ ,])max-age=[0-9]+") {
        set beresp.ttl = std.duration(
            regsub(beresp.http.Surrogate-Control, "(?i)^(.*[ ,])?max-age=([0-9]+).*$", "\2s"),
            0s);
    }
}

sub agent_ready_cdn_ttl {
    if (beresp.http.CDN-Cache-Control ~ "(?i)(^|[ ,])(no-store|no-cache|private)") {
        call vcl_beresp_hitmiss;
    } elsif (beresp.http.CDN-Cache-Control ~ "(?i)(^|[ ,])max-age=[0-9]+") {
        set beresp.ttl = std.duration(
            regsub(beresp.http.CDN-Cache-Control, "(?i)^(.*[ ,])?max-age=([0-9]+).*$", "\2s"),
            0s);
    }
}
