"""Trains the learned layout reader on renders made by make-data.ts and exports it to ONNX.

    python3 training/layout/train.py --data DIR [DIR ...] --out model.onnx [--steps 1500]
    python3 training/layout/train.py --task strip --data DIR [DIR ...] --out strip.onnx

The first look reads the whole picture at 640 pixels; the second (`--task strip`) reads the strip
of the label column the first look found, at the screenshot's own resolution
(src/engine/layout/learned/strip.ts), for its labels and tags.

A small encoder-decoder (depthwise-separable convolutions, about 0.2 M weights) that gives, for
each pixel of the input, the probability that it belongs to each layout class (the order of
LAYOUT_CLASSES in src/engine/layout/learned/model-input.ts). Boxes are cut from the heat maps
in TypeScript (src/engine/layout/learned/boxes.ts), so training and the engine share one
decoder. Fixed seeds; CPU only; PyTorch and ONNX from Debian's packages.
"""
import argparse
import json
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image

LAYOUT_CLASSES = ["chart", "plot", "subWindow", "labelColumn", "label", "lastTag", "tag", "textBox"]
STRIP_CLASSES = ["label", "lastTag", "tag"]
CLASSES = LAYOUT_CLASSES
CORE_HEIGHT = {"chart": 1, "plot": 1, "subWindow": 0.6, "labelColumn": 1, "label": 0.5, "lastTag": 0.5, "tag": 0.5, "textBox": 0.5}
BUCKET = 128
# Small parts cover few pixels: their positive pixels weigh more in the cross-entropy, else the
# net learns to call every pixel background. In a strip, at the screenshot's resolution, a tag
# covers many more of them.
POS_WEIGHT = {"chart": 1, "plot": 1, "subWindow": 3, "labelColumn": 2, "label": 10, "lastTag": 20, "tag": 10, "textBox": 5}
STRIP_POS_WEIGHT = {"label": 2, "lastTag": 5, "tag": 3}
# A strip batch: windows of this many rows (strips are at most STRIP_MAX_WIDTH wide, strip.ts).
STRIP_ROWS = 384
STRIP_WIDTH = 192


def conv_bn(cin, cout, k=3, stride=1, groups=1, dilation=1):
    pad = dilation * (k // 2)
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, stride, pad, dilation=dilation, groups=groups, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class LayoutNet(nn.Module):
    """Encoder to 1/32 of the input with dilated context, decoder back to 1/2; the logits are
    scaled to the input's size, so a box's edge lands between the coarse cells."""

    def __init__(self, classes=len(CLASSES), widths=(16, 24, 32, 48, 64)):
        super().__init__()
        c1, c2, c3, c4, c5 = widths
        self.d1 = conv_bn(3, c1, stride=2)
        self.d2 = nn.Sequential(conv_bn(c1, c2, stride=2), conv_bn(c2, c2))
        self.d3 = nn.Sequential(conv_bn(c2, c3, stride=2), conv_bn(c3, c3))
        self.d4 = nn.Sequential(conv_bn(c3, c4, stride=2), conv_bn(c4, c4, dilation=2))
        self.d5 = nn.Sequential(conv_bn(c4, c5, stride=2), conv_bn(c5, c5, dilation=2), conv_bn(c5, c5, dilation=4))
        self.u4 = conv_bn(c5 + c4, c4)
        self.u3 = conv_bn(c4 + c3, c3)
        self.u2 = conv_bn(c3 + c2, c2)
        self.u1 = conv_bn(c2 + c1, c1)
        self.head = nn.Conv2d(c1, classes, 1)

    @staticmethod
    def up(x, skip):
        return torch.cat([F.interpolate(x, size=skip.shape[2:], mode="bilinear", align_corners=False), skip], 1)

    def forward(self, x, full=True):
        f1 = self.d1(x)
        f2 = self.d2(f1)
        f3 = self.d3(f2)
        f4 = self.d4(f3)
        f5 = self.d5(f4)
        y = self.u4(self.up(f5, f4))
        y = self.u3(self.up(y, f3))
        y = self.u2(self.up(y, f2))
        y = self.head(self.u1(self.up(y, f1)))
        return F.interpolate(y, size=x.shape[2:], mode="bilinear", align_corners=False) if full else y


def load(dirs, strips=False):
    items = []
    for d in dirs:
        with open(os.path.join(d, "strips.jsonl" if strips else "labels.jsonl")) as f:
            for line in f:
                rec = json.loads(line)
                path = os.path.join(d, "strips" if strips else "images", rec["file"])
                img = np.asarray(Image.open(path).convert("RGB"))
                items.append((img, rec["boxes"]))
    return items


def masks(boxes, h, w):
    m = np.zeros((len(CLASSES), h, w), np.float32)
    for k, name in enumerate(CLASSES):
        core = CORE_HEIGHT[name]
        for x0, y0, x1, y1 in boxes.get(name, []):
            cy, half = (y0 + y1) / 2, (y1 - y0) * core / 2
            top, bottom = int(round(cy - half)), int(round(cy + half))
            bottom = max(bottom, top + 1)
            left, right = int(round(x0)), max(int(round(x1)), int(round(x0)) + 1)
            m[k, max(top, 0) : min(bottom, h), max(left, 0) : min(right, w)] = 1
    return m


def padded(n):
    return -(-n // BUCKET) * BUCKET


def batches(items, size, rng):
    """Batches of pictures of one padded shape, so a batch wastes little on padding."""
    buckets = {}
    for i, (img, _) in enumerate(items):
        buckets.setdefault((padded(img.shape[0]), padded(img.shape[1])), []).append(i)
    while True:
        keys = sorted(buckets)
        weights = [len(buckets[k]) for k in keys]
        key = rng.choices(keys, weights)[0]
        yield key, rng.sample(buckets[key], min(size, len(buckets[key])))


def strip_batches(items, size, rng):
    """Strip batches: a window of STRIP_ROWS rows of each strip, on its last-price tag half the time."""
    while True:
        picked = [rng.randrange(len(items)) for _ in range(size)]
        x = np.zeros((size, 3, STRIP_ROWS, STRIP_WIDTH), np.float32)
        y = np.zeros((size, len(CLASSES), STRIP_ROWS, STRIP_WIDTH), np.float32)
        for j, i in enumerate(picked):
            img, boxes = items[i]
            ih, iw = img.shape[:2]
            top = 0
            if ih > STRIP_ROWS:
                tag = boxes.get("lastTag") or []
                if tag and rng.random() < 0.5:
                    mid = int((tag[0][1] + tag[0][3]) / 2)
                    top = min(max(0, mid - rng.randrange(STRIP_ROWS)), ih - STRIP_ROWS)
                else:
                    top = rng.randrange(ih - STRIP_ROWS + 1)
            rows = min(ih, STRIP_ROWS)
            cols = min(iw, STRIP_WIDTH)
            x[j, :, :rows, :cols] = img[top : top + rows, :cols].transpose(2, 0, 1) / 255.0
            y[j, :, :rows, :cols] = masks(boxes, ih, iw)[:, top : top + rows, :cols]
        yield torch.from_numpy(x), torch.from_numpy(y)


def tensors(items, idx, shape):
    h, w = shape
    x = np.zeros((len(idx), 3, h, w), np.float32)
    y = np.zeros((len(idx), len(CLASSES), h, w), np.float32)
    for j, i in enumerate(idx):
        img, boxes = items[i]
        ih, iw = img.shape[:2]
        x[j, :, :ih, :iw] = img.transpose(2, 0, 1) / 255.0
        y[j, :, :ih, :iw] = masks(boxes, ih, iw)
    return torch.from_numpy(x), torch.from_numpy(y)


def loss_of(logits, target, pos_weight):
    weight = torch.tensor([pos_weight[c] for c in CLASSES], dtype=torch.float32).view(1, -1, 1, 1)
    bce = F.binary_cross_entropy_with_logits(logits, target, pos_weight=weight)  # soft targets at box edges
    p = torch.sigmoid(logits)
    inter = (p * target).sum((2, 3))
    dice = 1 - (2 * inter + 1) / (p.sum((2, 3)) + target.sum((2, 3)) + 1)
    return bce * 10 + dice.mean()


def main():
    global CLASSES
    ap = argparse.ArgumentParser()
    ap.add_argument("--task", choices=["layout", "strip"], default="layout")
    ap.add_argument("--data", nargs="+", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    torch.set_num_threads(args.threads)
    strips = args.task == "strip"
    CLASSES = STRIP_CLASSES if strips else LAYOUT_CLASSES
    pos_weight = STRIP_POS_WEIGHT if strips else POS_WEIGHT
    items = load(args.data, strips)
    print(f"{len(items)} {'strips' if strips else 'pictures'}", flush=True)
    # The strip's net is half as wide: a column's strip holds labels and tags, not a screen.
    net = LayoutNet(len(CLASSES), (8, 12, 16, 24, 32)) if strips else LayoutNet(len(CLASSES))
    print(f"{sum(p.numel() for p in net.parameters())} weights", flush=True)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.steps, pct_start=0.1)
    started = time.time()
    net.train()
    feed = strip_batches(items, args.batch, rng) if strips else batches(items, args.batch, rng)
    for step in range(args.steps):
        if strips:
            x, y = next(feed)
        else:
            shape, idx = next(feed)
            x, y = tensors(items, idx, shape)
        # Colour jitter: themes the renderers never drew (channels swapped).
        if rng.random() < 0.2:
            x = x[:, torch.randperm(3, generator=torch.Generator().manual_seed(step))]
        # The loss is taken at the net's own resolution (half the input's), on the share of each
        # coarse cell a box covers; the exported model scales its logits up to the input's size.
        loss = loss_of(net(x, full=False), F.avg_pool2d(y, 2), pos_weight)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 25 == 0 or step == args.steps - 1:
            print(f"step {step} loss {loss.item():.4f} {time.time() - started:.0f}s", flush=True)
    torch.save(net.state_dict(), args.out + ".pt")
    export(net, args.out, (STRIP_ROWS, STRIP_WIDTH) if strips else (384, 640))
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes) in {time.time() - started:.0f}s", flush=True)


def export(net, out, shape):
    net.eval()
    dummy = torch.zeros(1, 3, *shape)
    torch.onnx.export(
        net,
        dummy,
        out,
        input_names=["image"],
        output_names=["logits"],
        dynamic_axes={"image": {2: "height", 3: "width"}, "logits": {2: "height", 3: "width"}},
        opset_version=13,
    )


if __name__ == "__main__":
    main()
